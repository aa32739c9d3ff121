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
        /// The key judge's answer on the token's key (by its kid, and by the key file's material); nil without a
        /// keystore or when decoding only.
        public var judgement: KeyJudgement.Judgement? = nil

        /// Until when APNs accepts the token, for a verdict its age decides; nil otherwise.
        public var acceptedUntil: Date? {
            verdict?.kind.isAgeVerdict == true ? assessment.acceptedUntil : nil
        }
    }

    /// Finds the key, checks the signature, asks the key judge (``KeyJudgement``) whether the keystore lets the key
    /// verify tokens, and gives the verdict.
    public static func run(_ input: Input) throws -> Result {
        let token = input.token
        let assessment = TokenAssessment(token: token, now: input.now)
        let found = try verifier(for: input)
        let scope = found?.verifier.scope ?? (try? input.keystore?.key(token.keyID).scope)
        let signature: TokenVerdict.Signature = found.map { $0.valid.map { $0 ? .valid : .invalid } ?? .notChecked }
            ?? .notChecked
        let verdict = input.keySource == .none ? nil
            : TokenVerdict(token: token, assessment: assessment, signature: signature,
                           verifiedWith: found?.verifier.name, keyState: found?.verifier.state?.rawValue,
                           keyTrusted: found?.verifier.trusted, keyTeamID: found?.verifier.teamID)
        var result = Result(token: token, assessment: assessment, verifier: found?.verifier, scope: scope,
                            signature: signature, verdict: verdict, keystoreOpened: input.keystore != nil)
        result.judgement = found?.judgement
        if verdict?.kind == .unknownKey {
            let keys = (try? input.keystore?.manifest().keys)?.reduce(into: [String: String]()) { $0[$1.keyID] = $1.teamID }
            result.swap = IdentifierSwap.detect(keyID: token.keyID, teamID: token.teamID, keys: keys ?? [:])
        }
        return result
    }

    /// What was found for the token's key: the verifier, whether the signature verifies with its key (nil: no key
    /// material to check it with, a purged key), and the key judge's answer (nil without a keystore).
    private typealias Found = (verifier: Verifier, valid: Bool?, judgement: KeyJudgement.Judgement?)

    /// The verifier and whether the signature verifies with its key.
    private static func verifier(for input: Input) throws -> Found? {
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
            let valid = token.isSignatureValid(for: key)
            let fingerprint = SigningKeyMaterial.fingerprint(of: Array(key.derRepresentation))
            guard let store = input.keystore else { return (Verifier(name: path), valid, nil) }
            // The keystore's records judge the key whatever file holds it: by the token's kid and by its material.
            let judgement = try KeyJudgement.judge(.init(keyID: token.keyID, publicKeySHA256: fingerprint,
                                                         purpose: .verify, now: input.now), in: store)
            return (Verifier(name: path, judgement: judgement), valid, judgement)
        case .keystoreKey(let keyID):
            guard let store = input.keystore else { throw TokenInspectionError.noKeystore(keyID: keyID) }
            return try keystoreVerifier(keyID: keyID, store: store, input: input, required: true)
        case .tokenKeyID:
            guard let store = input.keystore else { return nil }
            return try keystoreVerifier(keyID: token.keyID, store: store, input: input, required: false)
        }
    }

    /// The keystore's key `keyID` as the verifier, as the key judge sees it: a revoked key's tombstone too (its
    /// material is gone: the signature is not checked, the key is revoked). Nil when the keystore knows nothing of
    /// it and it was not `required` (then ``Keystore/key(_:)``'s error is thrown).
    private static func keystoreVerifier(keyID: String, store: Keystore, input: Input, required: Bool) throws -> Found? {
        let judgement: KeyJudgement.Judgement
        do {
            judgement = try KeyJudgement.judge(.init(keyID: keyID, purpose: .verify, now: input.now), in: store)
        } catch where !required {
            return nil
        }
        guard let record = judgement.record, record.keyID == keyID else {
            guard let tombstone = judgement.tombstone else {
                if required { _ = try store.key(keyID) }
                return nil
            }
            let verifier = Verifier(name: "keystore key \(keyID) (purged; its tombstone)", state: .revoked,
                                    trusted: false, teamID: tombstone.teamID, scope: nil)
            return (verifier, nil, judgement)
        }
        guard let publicKey = required ? try record.p256PublicKey() : try? record.p256PublicKey() else { return nil }
        return (Verifier(record, trusted: judgement.isUsable || judgement.kind == .outOfScope),
                input.token.isSignatureValid(for: publicKey), judgement)
    }
}

extension TokenInspection.Verifier {
    /// A keystore key as the verifier.
    init(_ record: KeyRecord, trusted: Bool) {
        self.init(name: "keystore key \(record.keyID)", state: record.state, trusted: trusted, teamID: record.teamID,
                  scope: record.scope)
    }

    /// A key file as the verifier, with what the keystore's records say of its key (by the token's kid or by the
    /// file's material): a revoked key is revoked whatever file holds it.
    init(name: String, judgement: KeyJudgement.Judgement) {
        switch judgement.kind {
        case .revoked, .retired:
            self.init(name: name, state: judgement.record?.state ?? .revoked, trusted: false,
                      teamID: judgement.record?.teamID ?? judgement.tombstone?.teamID, scope: judgement.record?.scope)
        case .usable, .outOfScope, .wrongTeam:
            let same = !judgement.findings.contains {
                if case .otherMaterial = $0 { return true }
                if case .materialRecordedAs = $0 { return true }
                return false
            }
            guard same, let record = judgement.record else { self.init(name: name); return }
            self.init(name: name, state: record.state, trusted: true, teamID: record.teamID, scope: record.scope)
        case .unknown:
            self.init(name: name)
        }
    }
}

/// Why a token could not be inspected.
public enum TokenInspectionError: Error, Equatable, Sendable {
    /// The key file does not exist, and its name is a key id (a keystore key was probably meant).
    case noSuchKeyFile(String)
    /// A keystore key was asked for without a keystore.
    case noKeystore(keyID: String)
}
