import APNsCore
import APNsKeystore
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A certificate signing request for Apple's portal: an RSA-2048 key kept in the keystore as a pending request, and
/// the CSR written to a file. No CSR, no request: when the file cannot be written the pending key is discarded.
public enum CertificateRequestCreation {
    /// The request's subject, notes and destination.
    public struct Input: Sendable {
        /// Where the CSR (PEM, 0644) goes.
        public var csrFile: String
        /// Replace an existing file.
        public var overwrite = false
        public var subject: CertificateRequestSubject
        /// Note: the app the certificate is for.
        public var bundleID: String?
        /// Note: the environment it is for (`development` or `production`).
        public var environment: String?
        /// Note: the team it is for.
        public var teamID: String?
        public var keystore: Keystore

        public init(csrFile: String, subject: CertificateRequestSubject, keystore: Keystore) {
            self.csrFile = csrFile
            self.subject = subject
            self.keystore = keystore
        }
    }

    /// Makes the key and the request, stores the key, writes the CSR; returns the pending request.
    public static func run(_ input: Input) throws -> PendingRequestRecord {
        if !input.overwrite, FileManager.default.fileExists(atPath: input.csrFile) {
            throw CertificateRequestCreationError.fileExists(input.csrFile)
        }
        let request = try GeneratedCertificateRequest(subject: input.subject)
        let store = input.keystore
        let record = try store.addPendingRequest(NewPendingRequest(
            fingerprint: request.publicKeySHA256, publicKeyDER: request.publicKeyDER,
            privateKeyPEM: request.privateKeyPEM, subject: request.subject, bundleID: input.bundleID,
            environment: input.environment, teamID: input.teamID))
        do {
            try SecureFile.write(Array(request.pem.utf8), to: input.csrFile, mode: 0o644, overwrite: input.overwrite)
        } catch {
            _ = try? store.discardPendingRequest(record.id)
            throw error
        }
        return record
    }

    /// The subject email when none is given: `$USER@hostname` (`push` without a user, `localhost` for a host name
    /// that is empty or not ASCII).
    public static func defaultEmail(user: String?, host: String) -> String {
        let user = user.flatMap { $0.isEmpty ? nil : $0 } ?? "push"
        return "\(user)@\(host.isEmpty || !host.unicodeScalars.allSatisfy(\.isASCII) ? "localhost" : host)"
    }
}

/// Why no request was made.
public enum CertificateRequestCreationError: Error, Equatable, Sendable {
    /// The CSR file exists and overwriting was not asked for.
    case fileExists(String)
}
