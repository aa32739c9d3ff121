import APNsCore
import APNsCredentials
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A keystore to judge for `doctor`: where it is, how to open it, and how soon an expiry is worth a warning.
public struct KeystoreJudgementRequest {
    public var location: KeystoreLocation
    /// Opens the keystore (with its permission checks); called once the directory checks passed.
    public var open: () throws -> Keystore
    /// Certificates expiring within this many days are a warning.
    public var minDays: Int
    /// CA files trusted besides Apple's for the stored certificates' chains (`--ca`).
    public var caFiles: [String]

    public init(location: KeystoreLocation, minDays: Int, caFiles: [String] = [],
                open: @escaping () throws -> Keystore) {
        self.location = location
        self.minDays = minDays
        self.caFiles = caFiles
        self.open = open
    }
}

/// One judgement about a keystore, in the order `doctor` says them. A judgement is what was found; the caller
/// words it (and its remedy) as a check.
public enum KeystoreFinding: Sendable, Equatable {
    /// This user may not read the keystore directory (``KeystoreAccess/denied(path:owner:mode:)``).
    case accessDenied(KeystoreAccess)
    /// No keystore at `path` (no manifest there).
    case missing(path: String)
    /// Files or directories with the wrong mode or owner: the first, and how many there are.
    case permissionProblems(first: PermissionProblem, count: Int)
    /// Directories 0700 and secrets 0600 at `path`.
    case permissionsSound(path: String)
    /// The keystore could not be opened or read: the library's message and remedy.
    case unreadable(APNsError)
    /// The keystore opened: it holds `keys` keys and `certificates` certificates.
    case contents(keys: Int, certificates: Int)
    /// It holds no signing keys.
    case noKeys
    /// A team's active keys (each with its scope's summary), and how many keys the team has.
    case activeKeys(teamID: String, active: [ActiveKey], total: Int)
    /// A team with keys but none active.
    case noActiveKey(teamID: String, total: Int)
    /// An environment a team's push certificates work in that no active key covers.
    case uncoveredEnvironment(KeyCoverage.Gap)
    /// An environment of a team that no active key and no certificate covers.
    case noCredential(CredentialGaps.Gap)
    /// A stored certificate the certificate judge passed: expired, expiring within the days asked, or valid;
    /// `timeLeft` in words.
    case certificate(subject: String, state: CertificateStatus.State, expiring: Bool, timeLeft: String)
    /// A stored certificate the certificate judge (``CertificateVerification``, `cert verify`'s) refuses: its failed
    /// checks (purpose, validity, key match, chain to Apple's CAs or a CA given, …). Never reported as valid.
    case certificateRefused(subject: String, id: String, failures: [CertificateCheck])

    /// An active key and its scope in words.
    public struct ActiveKey: Sendable, Equatable {
        public var keyID: String
        public var scope: String
    }
}

/// Judges a keystore for `doctor`: present, permissions, integrity, keys per team, environments its certificates
/// need, environments of a team without any credential, each stored certificate as the certificate judge says
/// (refused, or its expiry). Every judgement comes from APNsKeystore and the certificate judge; this puts them in
/// order.
public enum KeystoreJudgement {
    public static func judge(_ request: KeystoreJudgementRequest) async -> [KeystoreFinding] {
        let location = request.location
        var findings: [KeystoreFinding] = []
        if location.isDirectory {
            let access = KeystoreAccess.check(location.path)
            if access.error != nil { return [.accessDenied(access)] }
            guard FileManager.default.fileExists(atPath: location.path + "/" + KeystoreLocation.manifestName) else {
                return [.missing(path: location.path)]
            }
            let problems = KeystorePermissions.problems(KeystoreLayout(root: location.path))
            if let first = problems.first { return [.permissionProblems(first: first, count: problems.count)] }
            findings.append(.permissionsSound(path: location.path))
        }
        let report: KeystoreReport
        let store: Keystore
        do {
            store = try request.open()
            report = try store.status(minDays: request.minDays)
        } catch let error as APNsError {
            return findings + [.unreadable(error)]
        } catch {
            return findings + [.unreadable(APNsError(.keystore, "\(error)"))]
        }
        findings.append(.contents(keys: report.keys.count, certificates: report.certificates.count))
        let teams = Dictionary(grouping: report.keys, by: \.teamID)
        if teams.isEmpty { findings.append(.noKeys) }
        for (team, keys) in teams.sorted(by: { $0.key < $1.key }) {
            let active = keys.filter { $0.state == .active }
            if active.isEmpty {
                findings.append(.noActiveKey(teamID: team, total: keys.count))
            } else {
                findings.append(.activeKeys(teamID: team, active: active.map { .init(keyID: $0.keyID, scope: $0.scope.summary) },
                                            total: keys.count))
            }
        }
        for gap in KeyCoverage.gaps(keys: report.keys, certificates: report.certificates) {
            findings.append(.uncoveredEnvironment(gap))
        }
        for gap in CredentialGaps.gaps(keys: report.keys, certificates: report.certificates) {
            findings.append(.noCredential(gap))
        }
        let refusals = await refusals(of: store, caFiles: request.caFiles)
        for certificate in report.certificates {
            if let failures = refusals[certificate.id], !failures.isEmpty {
                findings.append(.certificateRefused(subject: certificate.subject, id: certificate.id, failures: failures))
                continue
            }
            findings.append(.certificate(subject: certificate.subject, state: certificate.state,
                                         expiring: certificate.expiring, timeLeft: certificate.timeLeft))
        }
        return findings
    }

    /// The certificate judge's failed checks for each stored certificate (with its stored key when the keystore
    /// keeps files), by id: any environment and topic, no days to spare (expiring soon is `doctor`'s warning), the
    /// chain to Apple's CAs or one of `caFiles`. A certificate that cannot be read is refused as unparsable.
    public static func refusals(of store: Keystore, caFiles: [String]) async -> [String: [CertificateCheck]] {
        guard let records = try? store.manifest().certificates else { return [:] }
        var refusals = [String: [CertificateCheck]]()
        for record in records {
            do {
                let bundle = try CredentialReader().read(bytes: try store.certificatePEM(of: record),
                                                         name: "keystore certificate \(record.id)")
                var input = CertificateVerification.Input(file: record.id, credential: bundle)
                input.keyFile = store.certificateFiles(of: record)?.key
                input.minimumDays = 0
                let result = try await CertificateVerification.run(input, trusting: caFiles)
                refusals[record.id] = result.checks.filter { $0.status == .fail }
            } catch {
                refusals[record.id] = [CertificateCheck("parses", .fail, (error as? APNsError)?.message ?? "\(error)")]
            }
        }
        return refusals
    }
}
