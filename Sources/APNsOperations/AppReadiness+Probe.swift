import APNsModel
import APNsCore
import APNsKeystore
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppReadiness {
    /// Confirms each row of `result` with canaries through the row's credential (its key, else its certificate):
    /// one with the dummy device token (400 BadDeviceToken or 200: the credential was accepted). A row whose canary
    /// is refused fails with APNs's reason; one whose canary got no answer is unverified (and its environment
    /// unreachable when no connection was made). Rows without a credential are not probed, nor rows of an
    /// environment for which `servers` names no server when it names servers per environment.
    ///
    /// Then the device tokens are classified by the device-token judge (``DeviceClassification``, `device check`'s)
    /// through each probed environment's alert-row credential: every row shows the token's one verdict, and the rows
    /// of the environments that answered fail for a token that is unregistered, another app's or invalid, and are
    /// unverified for one the answers do not place.
    ///
    /// `wording` words a refused canary's verdict before its summary becomes the row's probe detail (the CLI words
    /// the summaries that name its options).
    ///
    /// Throws ``CanaryServerError`` when no server is named for an environment, a credential's errors
    /// (``ProbeCredentialError``, the keystore's), and the prober's errors for a canary that cannot be sent at all.
    public static func probe(_ result: Result, servers: CanaryServers, keystore: (() throws -> Keystore)?,
                             certificatePassword: @escaping @Sendable () throws -> String,
                             wording: (APNsProbe.Verdict) -> APNsProbe.Verdict = { $0 }) throws -> Result {
        var probed = result
        probed.probed = true
        let environments = Set(result.rows.map(\.environment))
        var destinations = [APNsEnvironment: CanaryDestination]()
        for environment in APNsEnvironment.allCases where environments.contains(environment) {
            // Servers named per environment: only those environments are probed; the others stay judged offline.
            if !servers.servers.isEmpty, !servers.namedEnvironments.contains(environment) { continue }
            destinations[environment] = try servers.destination(for: environment)
        }
        // Rows left unverified offline only for their device tokens are judged again here, their tokens classified
        // where a canary can ask (``Row/markUnclassifiedTokens()`` again at the end for the others).
        for index in probed.rows.indices where probed.rows[index].tokensUnclassified {
            probed.rows[index].verdict = .ready
            probed.rows[index].reason = nil
            probed.rows[index].tokensUnclassified = false
        }
        var tokenCredentials = [APNsEnvironment: Swift.Result<ResolvedProbeCredential, any Error>]()
        var unreachable = Set<APNsEnvironment>()
        for index in probed.rows.indices {
            let row = probed.rows[index]
            guard let destination = destinations[row.environment] else { continue }
            guard let resolved = try resolve(row, keystore: keystore, password: certificatePassword) else {
                if row.pushType == .alert {
                    tokenCredentials[row.environment] = .failure(AppReadinessProbeError.noCredential(row.environment))
                }
                continue
            }
            if row.pushType == .alert { tokenCredentials[row.environment] = .success(resolved) }
            var report = try send(canary(row, token: .dummy), to: destination, credential: resolved.credential)
            report.verdict = wording(report.verdict)
            let confirmed = report.failure == nil
                && (report.status == 200 || (report.status == 400 && report.reason == "BadDeviceToken"))
            probed.rows[index].probe = RowProbe(status: report.status, reason: report.reason, confirmed: confirmed,
                                                detail: confirmed ? nil : report.verdict.summary)
            guard !confirmed else { continue }
            if let answer = report.status.map({ "\($0) \(report.reason ?? "")".trimmingWhitespace() }) {
                probed.rows[index].fail("the canary through \(row.credentialName) was refused: \(answer)")
            } else {
                if report.exitCode == ExitStatus.unreachable.rawValue { unreachable.insert(row.environment) }
                probed.rows[index].unverify("the canary through \(row.credentialName) got no answer: "
                                            + report.verdict.summary)
            }
        }
        if !result.rows.isEmpty, let first = result.rows.first, !first.tokens.isEmpty {
            let tokens = first.tokens.compactMap { try? DeviceToken(parsing: $0.deviceToken) }
            unreachable.formUnion(try classify(tokens, into: &probed, topic: result.bundleID,
                                               destinations: destinations, credentials: tokenCredentials))
        }
        for index in probed.rows.indices { probed.rows[index].markUnclassifiedTokens() }
        probed.unreachable = APNsEnvironment.allCases.filter(unreachable.contains)
        return probed
    }

    /// The device-token judge over `tokens`, through each environment's credential (production first, as `device
    /// check` tries them); its verdicts go into every row. Returns the environments it could not reach.
    static func classify(_ tokens: [DeviceToken], into result: inout Result, topic: String,
                         destinations: [APNsEnvironment: CanaryDestination],
                         credentials: [APNsEnvironment: Swift.Result<ResolvedProbeCredential, any Error>]) throws
        -> [APNsEnvironment] {
        let order = DeviceClassification.order(only: nil, first: nil).filter { credentials[$0] != nil }
        let environments = order.compactMap { environment -> DeviceCheckEnvironment? in
            guard let destination = destinations[environment], let credential = credentials[environment] else { return nil }
            return DeviceCheckEnvironment(environment: environment, destination: destination, credential: credential)
        }
        guard !environments.isEmpty else { return [] }
        var queue = tokens.map { DeviceTokenEntry(token: $0, line: nil) }[...]
        let collected = Collected()
        let summary = try DeviceClassification.run(DeviceCheckRequest(topic: topic, environments: environments),
                                                   next: { queue.popFirst() }, classified: { collected.add($0) })
        let verdicts = collected.results.sorted { $0.index < $1.index }
        let checks = verdicts.map {
            TokenCheck(deviceToken: $0.deviceToken, verdict: $0.verdict, status: $0.status, reason: $0.reason,
                       explanation: $0.explanation)
        }
        let probedEnvironments = environments.map(\.environment)
        for index in result.rows.indices where probedEnvironments.contains(result.rows[index].environment) {
            result.rows[index].tokens = checks
        }
        for verdict in verdicts {
            let said = "device token \(verdict.deviceToken.prefix(8))…: \(verdict.verdict.rawValue) (\(verdict.explanation))"
            let answered = verdict.environmentsTried.isEmpty ? probedEnvironments : verdict.environmentsTried
            for index in result.rows.indices where answered.contains(result.rows[index].environment) {
                // Undeliverable: the token will get no push. No environment and not undeliverable: the answers do
                // not place it (inconclusive, or refused by the one environment asked).
                if verdict.verdict.isUndeliverable {
                    result.rows[index].fail(said)
                } else if verdict.verdict.environment == nil {
                    result.rows[index].unverify(said)
                }
            }
        }
        return summary.unreachable
    }

    /// The device-token judge's results as they come.
    final class Collected {
        var results = [DeviceCheckResult]()
        func add(_ result: DeviceCheckResult) { results.append(result) }
    }

    /// The row's credential as a probe takes it: its key from the keystore, else its certificate (a file, or the
    /// keystore's files of a stored one) when the certificate judge passed it; nil when there is none.
    static func resolve(_ row: Row, keystore: (() throws -> Keystore)?,
                        password: @escaping @Sendable () throws -> String) throws -> ResolvedProbeCredential? {
        if let key = row.key, let keystore {
            return try ProbeCredentialResolution.resolve(.keystore(team: key.teamID, keyID: key.keyID, open: keystore),
                                                         environment: row.environment, topic: row.topic)
        }
        guard let certificate = row.certificate, certificate.problem == nil else { return nil }
        if certificate.origin == .file {
            return try ProbeCredentialResolution.resolve(.certificate(path: certificate.file, password: password),
                                                         environment: row.environment, topic: row.topic)
        }
        guard let store = try keystore?(),
              let record = try store.manifest().certificates.first(where: { $0.id == certificate.file }),
              let files = store.certificateFiles(of: record) else { return nil }
        return ResolvedProbeCredential(credential: .pem(certificate: try store.certificatePEM(of: record),
                                                        key: try SecureFile.read(files.key, limit: 1 << 20),
                                                        keyPassword: nil))
    }

    /// A silent canary for the row: background push to the bare bundle id for alert rows, else the row's push type
    /// and topic; priority 5, expiration 0.
    static func canary(_ row: Row, token: DeviceToken) -> CanaryRequest {
        CanaryRequest.canary(deviceToken: token, topic: row.topic,
                             pushType: row.pushType == .alert ? .background : row.pushType, priority: 5)
    }

    static func send(_ canary: CanaryRequest, to destination: CanaryDestination,
                     credential: ProbeCredential) throws -> ProbeReport {
        let prober = Prober(CanaryServers.configuration(destination, credential: credential, canary: canary))
        try prober.validate()
        return try prober.probe()
    }
}

extension AppReadiness.Row {
    /// "key ABC123DEFG" or "certificate FILE".
    public var credentialName: String {
        if let key { return "key \(key.keyID)" }
        if let certificate {
            return certificate.origin == .file ? "certificate \(certificate.file)" : "keystore certificate \(certificate.file)"
        }
        return "no credential"
    }

    /// Marks the row failed for `reason` (the first reason stays).
    mutating func fail(_ reason: String) {
        verdict = .notReady
        if self.reason == nil { self.reason = reason }
    }

    /// Marks a ready row unverified for `reason` (a row that failed stays failed, with its reason).
    mutating func unverify(_ reason: String) {
        guard verdict == .ready else { return }
        verdict = .unverified
        self.reason = reason
    }
}

/// Why a probe could not classify device tokens in an environment.
public enum AppReadinessProbeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No key and no certificate serves the environment's alert row.
    case noCredential(APNsEnvironment)

    public var description: String {
        switch self {
        case .noCredential(let environment): return "no key or certificate serves \(environment.rawValue)"
        }
    }
}
