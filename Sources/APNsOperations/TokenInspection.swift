import APNsModel
import APNsCore
import APNsKeystore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Would APNs accept this provider token: its age, the key that verifies its signature (a key file, a keystore key,
/// or the keystore's key named by its kid), that key's team and state in the keystore, and the verdict.
public enum TokenInspection {
    /// Where the verifying key comes from.
    public enum KeySource: Sendable, Equatable {
        /// Decode only: no signature check and no verdict.
        case none
        /// A PEM public key or a .p8 file.
        case file(String)
        /// A keystore key, by id (the keystore must be given and hold it).
        case keystoreKey(String)
        /// The keystore's key named by the token's kid, when there is one.
        case tokenKeyID
    }

    /// The token and where to find its key.
    public struct Input: Sendable {
        public var token: ProviderToken
        public var keySource: KeySource
        /// The keystore, when one opens.
        public var keystore: Keystore?
        /// The time the token's age is judged at.
        public var now: Date

        public init(token: ProviderToken, keySource: KeySource, keystore: Keystore?, now: Date) {
            self.token = token
            self.keySource = keySource
            self.keystore = keystore
            self.now = now
        }
    }

    /// The key that checked the signature.
    public struct Verifier: Sendable, Equatable {
        /// The key file, or `keystore key KEYID`.
        public var name: String
        /// The keystore key's state; nil for a key file.
        public var state: KeyState?
        /// False once a keystore key no longer verifies tokens (revoked, retired past its grace); nil for a key file.
        public var trusted: Bool?
        /// The key's team, when the keystore knows it.
        public var teamID: String?
        /// The key's recorded scope, when the keystore knows it.
        public var scope: KeyScope?
    }

    /// What the token is, and what APNs would say.
    public struct Result: Sendable {
        public var token: ProviderToken
        public var assessment: TokenAssessment
        /// The key that checked the signature; nil when decoding only or no key was found.
        public var verifier: Verifier?
        /// The keystore key's recorded scope, whenever the keystore knows the token's key.
        public var scope: KeyScope?
        public var signature: TokenVerdict.Signature
        /// The verdict after every check; nil when decoding only.
        public var verdict: TokenVerdict?
        /// True when a keystore was at hand to look the key up in.
        public var keystoreOpened: Bool
        /// When no key was found for the token: its `kid` and `iss` swapped, as the keystore's keys show; else nil.
        public var swap: IdentifierSwap? = nil

        /// Until when APNs accepts the token, for a verdict its age decides; nil otherwise.
        public var acceptedUntil: Date? {
            verdict?.kind.isAgeVerdict == true ? assessment.acceptedUntil : nil
        }
    }

    /// Finds the key, checks the signature and gives the verdict.
    public static func run(_ input: Input) throws -> Result {
        let token = input.token
        let assessment = TokenAssessment(token: token, now: input.now)
        let found = try verifier(for: input)
        let scope = found?.verifier.scope ?? (try? input.keystore?.key(token.keyID).scope)
        let signature: TokenVerdict.Signature = found.map { $0.valid ? .valid : .invalid } ?? .notChecked
        let verdict = input.keySource == .none ? nil
            : TokenVerdict(token: token, assessment: assessment, signature: signature,
                           verifiedWith: found?.verifier.name, keyState: found?.verifier.state?.rawValue,
                           keyTrusted: found?.verifier.trusted, keyTeamID: found?.verifier.teamID)
        var result = Result(token: token, assessment: assessment, verifier: found?.verifier, scope: scope,
                            signature: signature, verdict: verdict, keystoreOpened: input.keystore != nil)
        if verdict?.kind == .unknownKey {
            let keys = (try? input.keystore?.manifest().keys)?.reduce(into: [String: String]()) { $0[$1.keyID] = $1.teamID }
            result.swap = IdentifierSwap.detect(keyID: token.keyID, teamID: token.teamID, keys: keys ?? [:])
        }
        return result
    }

    /// The verifier and whether the signature verifies with its key.
    private static func verifier(for input: Input) throws -> (verifier: Verifier, valid: Bool)? {
        let token = input.token
        switch input.keySource {
        case .none:
            return nil
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) || !AppleIdentifier.isValid(path) else {
                throw TokenInspectionError.noSuchKeyFile(path)
            }
            let bytes = try SecureFile.read(path, offerStandardInput: false)
            let key = try SigningKeyMaterial.verificationKey(bytes, file: path)
            return (Verifier(name: path), token.isSignatureValid(for: key))
        case .keystoreKey(let keyID):
            guard let store = input.keystore else { throw TokenInspectionError.noKeystore(keyID: keyID) }
            let record = try store.key(keyID)
            let publicKey = try record.p256PublicKey()
            let trusted = try store.trustedKeys().contains { $0.keyID == keyID }
            return (Verifier(record, trusted: trusted), token.isSignatureValid(for: publicKey))
        case .tokenKeyID:
            guard let store = input.keystore, let record = try? store.key(token.keyID),
                  let publicKey = try? record.p256PublicKey() else { return nil }
            let trusted = (try? store.trustedKeys().contains { $0.keyID == record.keyID }) ?? false
            return (Verifier(record, trusted: trusted), token.isSignatureValid(for: publicKey))
        }
    }
}

extension TokenInspection.Verifier {
    /// A keystore key as the verifier.
    init(_ record: KeyRecord, trusted: Bool) {
        self.init(name: "keystore key \(record.keyID)", state: record.state, trusted: trusted, teamID: record.teamID,
                  scope: record.scope)
    }
}

/// Why a token could not be inspected.
public enum TokenInspectionError: Error, Equatable, Sendable {
    /// The key file does not exist, and its name is a key id (a keystore key was probably meant).
    case noSuchKeyFile(String)
    /// A keystore key was asked for without a keystore.
    case noKeystore(keyID: String)
}
