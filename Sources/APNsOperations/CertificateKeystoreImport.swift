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

        public init(file: String, credential: CredentialBundle, keystore: Keystore) {
            self.file = file
            self.credential = credential
            self.keystore = keystore
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
    }

    /// Checks the file's certificate and key, and stores them.
    public static func run(_ input: Input) throws -> Result {
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
        let now = input.keystore.clock.now()
        let stored = try input.keystore.addCertificate(try CertificateImport(leaf: leaf, chain: bundle.chain, key: key))
        return Result(record: stored.certificate, alreadyPresent: stored.alreadyPresent, leaf: leaf, now: now)
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
}
