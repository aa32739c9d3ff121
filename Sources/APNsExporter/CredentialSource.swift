import APNsCore
import APNsModel
import APNsCredentials
import APNsExporterConfiguration
import APNsKeystore
import APNsProbe
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where canaries get their credentials: provider tokens from the keystore's shared cache (a new one is signed
/// only when the cached one is due, as for every other apnsctl on the host or fleet) or from a token agent's
/// `TEAM-ENV.token` files; client certificates from their files.
public struct CredentialSource: Sendable {
    /// Opens the keystore named by the configuration's `keystore:` (nil: the default one).
    public typealias KeystoreOpener = @Sendable (String?) throws -> Keystore

    public var keystore: String?
    public var tokenDirectory: String?
    public var openKeystore: KeystoreOpener

    public init(keystore: String?, tokenDirectory: String?, openKeystore: @escaping KeystoreOpener) {
        self.keystore = keystore
        self.tokenDirectory = tokenDirectory
        self.openKeystore = openKeystore
    }

    /// A sent credential, with the token's key and `iat` for the token-age series.
    public struct Resolved: Sendable {
        public var credential: ProbeCredential
        public var token: ProviderToken?
        /// A certificate's topic when the target names none: its bundle id, or `<bundle id>.voip` for a VoIP
        /// Services certificate (``ClientCertificate``, the probe's reader).
        public var certificateTopic: String? = nil
        /// A certificate's push type when the target names none: voip for a VoIP Services certificate.
        public var certificatePushType: APNsPushType? = nil
    }

    /// The credential for `target`'s next round; a certificate is judged at `now` (outside its dates: refused,
    /// nothing is sent).
    public func resolve(_ target: CanaryTarget, now: Date = Date()) throws(CanaryFailure) -> Resolved {
        if let caFile = target.server.caFile { try Self.checkCAFile(caFile) }
        switch target.credential {
        case .token(let team, let keyID):
            let token = try self.token(team: team, keyID: keyID, target: target)
            return Resolved(credential: .token(token.compact, issuedAt: token.issuedAtDate), token: token)
        case .certificate(let path, let passwordFile):
            let read = try certificate(path, passwordFile: passwordFile, now: now)
            if let problem = read.validityProblem { throw Self.refusal(problem) }
            return Resolved(credential: read.credential, token: nil, certificateTopic: read.defaultTopic,
                            certificatePushType: read.defaultPushType)
        }
    }

    private func token(team: String?, keyID: String?, target: CanaryTarget) throws(CanaryFailure) -> ProviderToken {
        if let tokenDirectory {
            guard let team, let environment = target.server.environment else {
                throw .keyMissing("a token agent's files are named TEAM-ENVIRONMENT.token: the target needs a team and an environment")
            }
            let path = tokenDirectory + "/\(team)-\(environment.rawValue).token"
            guard FileManager.default.fileExists(atPath: path) else {
                throw .tokenFileMissing("\(path): no such file (is the token agent writing \(tokenDirectory)?)")
            }
            do {
                let bytes = try SecureFile.read(path, limit: 64 * 1024, offerStandardInput: false)
                let text = String(decoding: bytes, as: UTF8.self)
                return try ProviderToken(parsing: text.trimmingWhitespace())
            } catch {
                throw .tokenFileUnreadable(Self.words(error, file: path))
            }
        }
        let store: Keystore
        do {
            store = try openKeystore(keystore)
        } catch {
            throw .keystoreUnreadable(Self.words(error, file: keystore ?? "the default keystore"))
        }
        do {
            return try store.token(team: team, keyID: keyID, environment: target.server.environment,
                                   topic: target.topic).token
        } catch {
            throw Self.keyFailure(store, team: team, keyID: keyID, words: Self.words(error, file: nil))
        }
    }

    /// Why the keystore signs no token for (`team`, `keyID`), as the key judge (``KeyJudgement``, `token inspect`'s
    /// and `app check`'s) says: the key (or every key of the team) is revoked, or there is none that may sign; a
    /// manifest that cannot be read is the keystore's failure.
    static func keyFailure(_ store: Keystore, team: String?, keyID: String?, words: String) -> CanaryFailure {
        guard let manifest = try? store.manifest() else { return .keystoreUnreadable(words) }
        let now = store.clock.now()
        func revoked(_ keyID: String) -> Bool {
            KeyJudgement.judge(.init(keyID: keyID, purpose: .sign, now: now), in: manifest).kind == .revoked
        }
        if let keyID { return revoked(keyID) ? .keyRevoked(words) : .keyMissing(words) }
        let keys = manifest.keys.filter { team == nil || $0.teamID == team }
        let tombstones = manifest.revokedKeys.filter { team == nil || $0.teamID == team }
        if keys.allSatisfy({ revoked($0.keyID) }), !(keys.isEmpty && tombstones.isEmpty) {
            return .keyRevoked(words)
        }
        return .keyMissing(words)
    }

    /// An error's words, prefixed with `file` unless they name it already.
    static func words(_ error: any Error, file: String?) -> String {
        let text = (error as? APNsError)?.message ?? String(describing: error)
        guard let file, !text.hasPrefix(file) else { return text }
        return "\(file): \(text)"
    }

    /// Reads the client certificate and its key (with `passwordFile`) with the probe's reader (``ClientCertificate``),
    /// which asks the certificate judge at `now`: a file without both, or with a key that is not the certificate's,
    /// is unreadable; the certificate's dates are left to the caller (``refusal(_:)``), so a configuration check
    /// can read a certificate without judging them.
    func certificate(_ path: String, passwordFile: String?, now: Date = Date())
        throws(CanaryFailure) -> ClientCertificate {
        let password: String?
        do {
            password = try passwordFile.map {
                String(decoding: try SecureFile.read($0, limit: 4096, offerStandardInput: false), as: UTF8.self)
                    .trimmingWhitespace()
            }
        } catch {
            throw .certificateUnreadable(Self.words(error, file: passwordFile))
        }
        do {
            return try ClientCertificate.read(path, reader: CredentialReader(password: { password ?? "" },
                                                                             passwordAtHand: password != nil),
                                               now: now, offerStandardInput: false)
        } catch let error as ClientCertificateError {
            switch error {
            case .noCertificate, .noPrivateKey:
                throw .certificateUnreadable("\(path): holds no certificate with its private key")
            case .keyDoesNotMatchCertificate:
                throw .certificateUnreadable("\(path): the private key does not belong to the certificate")
            }
        } catch {
            throw .certificateUnreadable(Self.words(error, file: path))
        }
    }

    /// The certificate judge's refusal of a certificate outside its dates, as a canary's credential failure.
    static func refusal(_ problem: CertificateValidityProblem) -> CanaryFailure {
        switch problem {
        case .expired(let path, let notAfter, _):
            return .certificateExpired("\(path): the certificate expired on \(ISO8601Text.string(from: notAfter))")
        case .notYetValid(let path, let notBefore):
            return .certificateExpired("\(path): the certificate is not valid before "
                                       + "\(ISO8601Text.string(from: notBefore)) (or this machine's clock is wrong)")
        }
    }

    /// Refuses a `cacert:` file that cannot be read or holds no certificate.
    public static func checkCAFile(_ path: String) throws(CanaryFailure) {
        do {
            let bundle = try CredentialReader().read(path: path, offerStandardInput: false)
            guard !bundle.certificates.isEmpty else { throw APNsError.badInput("\(path): holds no certificate") }
        } catch {
            throw .caFileUnreadable(Self.words(error, file: path))
        }
    }
}
