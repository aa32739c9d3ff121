import APNsModel
import APNsCore
import APNsCredentials
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Does a provisioning profile let the app receive the pushes its provider sends: ``ProfileVerifier``'s checks
/// (signature, expiry, aps-environment, bundle id) and, with a push certificate, its team and environment.
public enum ProfileVerification {
    /// The profile and what it must grant.
    public struct Input: Sendable {
        /// The profile file (or `-` for standard input).
        public var file: String
        /// Extra trust anchor files for the signature.
        public var caFiles: [String] = []
        /// What the checks call the CAs of ``caFiles`` (the option that gave them).
        public var caLabel = "given CA"
        /// The aps-environment the profile must grant; nil for any.
        public var environment: APNsEnvironment?
        /// A bundle id the profile's app id must cover.
        public var bundleID: String?
        /// The fewest days the profile must still be valid.
        public var minimumDays: Int = 0
        /// Judge expiry at this time instead of now.
        public var fixedTime: Date?
        /// The push certificate the provider uses, read with ``certificateReader``.
        public var certificateFile: String?
        /// Reads ``certificateFile`` (it knows a .p12's password).
        public var certificateReader = CredentialReader()

        /// An input with no requirement beyond a good signature and a profile not expired.
        public init(file: String) { self.file = file }
    }

    /// The checks, and hints on what to change when one fails.
    public struct Result: Sendable {
        public var checks: [CertificateCheck]
        public var hints: [ProfileHint]
        /// True when no check failed.
        public var passed: Bool { !checks.contains { $0.status == .fail } }
    }

    /// Reads the profile (and the certificate) and runs the checks.
    public static func run(_ input: Input) throws -> Result {
        let document = try reader(caFiles: input.caFiles, label: input.caLabel).read(path: input.file)
        var verifier = ProfileVerifier()
        verifier.environment = input.environment
        verifier.bundleID = input.bundleID
        verifier.minimumDays = input.minimumDays
        if let date = input.fixedTime {
            verifier.now = date
            verifier.atFixedTime = true
        }
        if let file = input.certificateFile {
            guard let leaf = try input.certificateReader.read(path: file, offerStandardInput: false).leaf else {
                throw ProfileVerificationError.noCertificate(file: file)
            }
            verifier.certificate = leaf
        }
        let (checks, hints) = verifier.checks(document)
        return Result(checks: checks, hints: hints)
    }

    /// A profile reader trusting Apple's roots and the certificates of each CA file, which it calls `label`.
    public static func reader(caFiles: [String], label: String = "given CA") throws -> ProfileReader {
        ProfileReader(extraAnchors: try TrustAnchors.certificates(in: caFiles), label: label)
    }
}

/// Why a profile could not be verified at all.
public enum ProfileVerificationError: Error, Equatable, Sendable {
    /// The push certificate file holds a private key only.
    case noCertificate(file: String)
}
