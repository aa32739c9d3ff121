import APNsModel
import APNsCore
import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Is a certificate fit to send to APNs, read from files: the certificate judge (``CertificateJudge``:
/// ``CertificateVerifier``'s checks of expiry, environment, topics, key match, chain, client auth) over a certificate,
/// its private key (the file's own or a separate file's) and the CAs it must chain to (Apple's, shipped with
/// apnsctl, or a given CA file).
public enum CertificateVerification {
    /// What to verify and against what.
    public struct Input: Sendable {
        /// The certificate file's name, for errors.
        public var file: String
        /// What the certificate file holds, as read.
        public var credential: CredentialBundle
        /// A separate private key file, when the certificate file holds none (or another key is to be checked).
        public var keyFile: String?
        /// CA certificates the chain must verify against instead of Apple's.
        public var caFile: String?
        /// Topics the certificate must allow.
        public var topics: [String] = []
        /// The environment it must work in; nil for any.
        public var environment: APNsEnvironment?
        /// The fewest days of validity that must be left.
        public var minimumDays: Int = 30
        /// Judge validity (and the chain) at this time instead of now.
        public var fixedTime: Date?
        /// Judge validity alone at this time instead of now (the chain's dates stay unjudged): a scan made as of
        /// one instant (`expiry`).
        public var validityTime: Date?

        /// An input with the defaults: no key or CA file, no topic or environment required, 30 days left.
        public init(file: String, credential: CredentialBundle) {
            self.file = file
            self.credential = credential
        }
    }

    /// The checks and what they were about.
    public struct Result: Sendable {
        /// The certificate verified.
        public var leaf: APNsCertificate
        /// One entry per check, in the verifier's order.
        public var checks: [CertificateCheck]
        /// True when no check failed.
        public var passed: Bool { !checks.contains { $0.status == .fail } }
    }

    /// Runs the checks. `keyReader` reads `keyFile` (it knows the password of an encrypted key or a .p12).
    public static func run(_ input: Input, keyReader: CredentialReader = CredentialReader()) async throws
        -> Result {
        guard let leaf = input.credential.leaf else {
            throw CertificateVerificationError.noCertificate(file: input.file)
        }
        var privateKey = input.credential.privateKey
        if let keyFile = input.keyFile {
            guard let found = try keyReader.read(path: keyFile, offerStandardInput: false).privateKey else {
                throw CertificateVerificationError.noPrivateKey(keyFile: keyFile)
            }
            privateKey = found
        }
        let anchors: CertificateJudge.Anchors = try input.caFile.map { .given(try TrustAnchors.certificates(in: $0)) }
            ?? .apple
        var verifier = CertificateVerifier()
        verifier.topics = input.topics
        verifier.environment = input.environment
        verifier.minimumDays = input.minimumDays
        if let date = input.validityTime { verifier.now = date }
        if let date = input.fixedTime {
            verifier.now = date
            verifier.chainAtFixedTime = true
        }
        let checks = try await CertificateJudge.checks(leaf: leaf, key: privateKey, chain: input.credential.chain,
                                                       anchors: anchors, verifier: verifier)
        return Result(leaf: leaf, checks: checks)
    }
}

extension CertificateVerification {
    /// The judge's checks with the chain verifying to Apple's CAs or to one of `caFiles` (trusted besides Apple's,
    /// as `app check`, `doctor`, `expiry` and `cert import` take `--ca`): Apple's checks when the chain reaches
    /// Apple, else the first CA file's the chain reaches, else Apple's with the chain's failure naming every CA tried.
    public static func run(_ input: Input, trusting caFiles: [String],
                           keyReader: CredentialReader = CredentialReader()) async throws -> Result {
        var verification = input
        verification.caFile = nil
        let apple = try await run(verification, keyReader: keyReader)
        func chainPassed(_ checks: [CertificateCheck]) -> Bool {
            checks.contains { $0.name == "chain" && $0.status == .pass }
        }
        if chainPassed(apple.checks) { return apple }
        for file in caFiles {
            verification.caFile = file
            let given = try await run(verification, keyReader: keyReader)
            if chainPassed(given.checks) { return given }
        }
        // The judge's words name "the given CA": say which CAs were tried.
        let against = "Apple's CAs shipped with apnsctl" + (caFiles.isEmpty ? "" : " or the CA files given")
        let checks = apple.checks.map { check in
            guard check.name == "chain", check.status == .fail else { return check }
            let reason = check.detail.replacing("does not verify against the given CA: ", with: "")
                .replacing("no path to a given CA", with: "no path leads to one of them")
            return CertificateCheck(check.name, .fail, "does not chain to \(against): \(reason)")
        }
        return Result(leaf: apple.leaf, checks: checks)
    }
}

/// Why a certificate could not be verified at all (a failed check is a result, not an error).
public enum CertificateVerificationError: Error, Equatable, Sendable {
    /// The certificate file holds a private key only.
    case noCertificate(file: String)
    /// The separate key file holds no private key.
    case noPrivateKey(keyFile: String)
}
