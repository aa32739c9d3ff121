import APNsModel
import APNsCore
import APNsCredentials
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Stores a client certificate and its private key in the keystore, once the file is known to hold both and the key
/// to be the certificate's.
public enum CertificateKeystoreImport {
    /// The file as read, and the keystore to store it in.
    public struct Input: Sendable {
        /// The file's path (`-` for standard input), as given.
        public var file: String
        /// What the file holds.
        public var credential: CredentialBundle
        public var keystore: Keystore
        /// CA certificate files trusted besides Apple's (`--ca`): the chain must reach Apple's roots or one of them.
        public var trustedCAFiles: [String]

        public init(file: String, credential: CredentialBundle, keystore: Keystore, trustedCAFiles: [String] = []) {
            self.file = file
            self.credential = credential
            self.keystore = keystore
            self.trustedCAFiles = trustedCAFiles
        }

        /// The file as errors name it.
        var name: String { file == "-" ? "standard input" : file }
    }

    /// What was stored.
    public struct Result: Sendable {
        /// The keystore's record of the certificate.
        public var record: CertificateRecord
        /// True when the same certificate was already stored and nothing changed.
        public var alreadyPresent: Bool
        public var leaf: APNsCertificate
        /// The keystore's time of the import.
        public var now: Date
        /// Whole days until the certificate expires (negative once expired).
        public var daysLeft: Int { leaf.daysLeft(at: now) }
        /// True when the certificate has expired.
        public var expired: Bool { record.notAfter <= now }
        /// The certificate judge's chain check: `verifies to …` (Apple's CAs, or a CA file given).
        public var chain: String
    }

    /// Checks the file's certificate and key, asks the certificate judge (`cert verify`'s), and stores them.
    public static func run(_ input: Input) async throws -> Result {
        let bundle = input.credential
        let name = input.name
        if bundle.leaf == nil, let key = bundle.privateKey,
           key.isP256 || AppleIdentifier.keyID(fromFileName: input.file) != nil {
            throw CertificateKeystoreImportError.signingKey(name: name, file: input.file, kind: key.kind)
        }
        guard let leaf = bundle.leaf else { throw CertificateKeystoreImportError.noCertificate(name: name) }
        guard let key = bundle.privateKey else {
            if let problem = bundle.keyAmbiguity {
                throw CertificateKeystoreImportError.ambiguousKey(name: name, problem: problem)
            }
            if let ignored = bundle.ignoredBlocks.first {
                throw CertificateKeystoreImportError.unusableKey(name: name,
                                                                 reason: ignored.replacing(": ignored", with: ""))
            }
            throw CertificateKeystoreImportError.noPrivateKey(name: name)
        }
        guard bundle.keyMatchesLeaf == true else {
            throw CertificateKeystoreImportError.keyMismatch(name: name, subject: leaf.subject)
        }
        // The certificate judge's purpose check (cert verify's): a certificate APNs accepts for no topic is not
        // stored, so the keystore never shows a code-signing certificate as a valid push credential.
        guard leaf.purpose != .notPush else {
            throw CertificateKeystoreImportError.notPush(name: name, subject: leaf.subject,
                                                        evidence: leaf.purposeEvidence)
        }
        // The rest of the judge's checks, the chain to Apple's CAs or a CA file given among them: what APNs would
        // refuse is not stored. Validity alone is no refusal: an expired certificate is stored (with the caller's
        // warning), as `cert join` stores it, and `keystore status`, `expiry` and `doctor` keep showing it.
        var verification = CertificateVerification.Input(file: name, credential: bundle)
        verification.minimumDays = 0
        let judged = try await CertificateVerification.run(verification, trusting: input.trustedCAFiles)
        let refusing = judged.checks.filter { $0.status == .fail && $0.name != "validity" }
        if !refusing.isEmpty {
            throw CertificateKeystoreImportError.refused(name: name, subject: leaf.subject,
                                                         findings: refusing.map { "\($0.name): \($0.detail)" },
                                                         chain: refusing.contains { $0.name == "chain" })
        }
        let chain = judged.checks.first { $0.name == "chain" }?.detail ?? ""
        let now = input.keystore.clock.now()
        let stored = try input.keystore.addCertificate(try CertificateImport(leaf: leaf, chain: bundle.chain, key: key))
        return Result(record: stored.certificate, alreadyPresent: stored.alreadyPresent, leaf: leaf, now: now,
                      chain: chain)
    }
}

/// Why a file's certificate cannot be stored. `name` is the file as errors name it (`standard input` for `-`).
public enum CertificateKeystoreImportError: Error, Equatable, Sendable {
    /// The file is a token signing key (.p8), not a certificate.
    case signingKey(name: String, file: String, kind: String)
    /// A private key and no certificate.
    case noCertificate(name: String)
    /// Several private keys, none chosen.
    case ambiguousKey(name: String, problem: String)
    /// The key block could not be used (encrypted in a form not read, damaged).
    case unusableKey(name: String, reason: String)
    /// A certificate and no private key.
    case noPrivateKey(name: String)
    /// The private key is not the certificate's.
    case keyMismatch(name: String, subject: String)
    /// The certificate is no push certificate (a development, distribution or server certificate): `evidence`
    /// says what its purpose was read from.
    case notPush(name: String, subject: String, evidence: String)
    /// The certificate judge refused it: `findings` are its failed checks (`chain: does not chain to …`); `chain`
    /// is true when the chain is among them (no CA trusted issued it).
    case refused(name: String, subject: String, findings: [String], chain: Bool)
}
