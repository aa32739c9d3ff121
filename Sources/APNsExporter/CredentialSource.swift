import APNsCore
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
        /// A certificate's bundle id: the topic APNs takes when the request names none.
        public var certificateTopic: String? = nil
    }

    /// The credential for `target`'s next round.
    public func resolve(_ target: CanaryTarget) throws(CanaryFailure) -> Resolved {
        switch target.credential {
        case .token(let team, let keyID):
            let token = try self.token(team: team, keyID: keyID, target: target)
            return Resolved(credential: .token(token.compact, issuedAt: token.issuedAtDate), token: token)
        case .certificate(let path, let passwordFile):
            let (credential, topic) = try certificate(path, passwordFile: passwordFile)
            return Resolved(credential: credential, token: nil, certificateTopic: topic)
        }
    }

    private func token(team: String?, keyID: String?, target: CanaryTarget) throws(CanaryFailure) -> ProviderToken {
        if let tokenDirectory {
            guard let team, let environment = target.server.environment else {
                throw .token("a token agent's files are named TEAM-ENVIRONMENT.token: the target needs a team and an environment")
            }
            let path = tokenDirectory + "/\(team)-\(environment.rawValue).token"
            do {
                let bytes = try SecureFile.read(path, limit: 64 * 1024, offerStandardInput: false)
                let text = String(decoding: bytes, as: UTF8.self)
                return try ProviderToken(parsing: text.trimmingWhitespace())
            } catch {
                throw .token("\(path): \((error as? APNsError)?.message ?? String(describing: error))")
            }
        }
        do {
            let store = try openKeystore(keystore)
            return try store.token(team: team, keyID: keyID, environment: target.server.environment,
                                   topic: target.topic).token
        } catch {
            throw .token((error as? APNsError)?.message ?? String(describing: error))
        }
    }

    private func certificate(_ path: String, passwordFile: String?)
        throws(CanaryFailure) -> (ProbeCredential, topic: String?) {
        do {
            let password: String? = try passwordFile.map {
                String(decoding: try SecureFile.read($0, limit: 4096, offerStandardInput: false), as: UTF8.self)
                    .trimmingWhitespace()
            }
            let bundle = try CredentialReader(password: { password ?? "" }).read(path: path, offerStandardInput: false)
            guard let leaf = bundle.leaf, let key = bundle.privateKey else {
                throw CanaryFailure.certificate("\(path): holds no certificate with its private key")
            }
            let chain = bundle.certificates.map(\.pemEncoded).joined(separator: "\n")
            return (.pem(certificate: Array(chain.utf8), key: Array(try key.pkcs8PEM.utf8), keyPassword: nil),
                    leaf.bundleID)
        } catch let failure as CanaryFailure {
            throw failure
        } catch {
            throw .certificate("\(path): \((error as? APNsError)?.message ?? String(describing: error))")
        }
    }
}
