import APNsCore
import APNsCredentials
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `keystore status`: the keystore's report, each certificate judged by the certificate judge (`cert verify`'s, as
/// `doctor` asks it: purpose, key match with the stored key, client auth, the chain to Apple's CAs or to one of the
/// CA files given), so a certificate the judge refuses is never shown valid and fails the status.
public enum KeystoreStatusCheck {
    /// The keystore, the days a certificate must have left, and the CA files trusted besides Apple's.
    public struct Input: Sendable {
        public var keystore: Keystore
        public var minDays: Int
        public var caFiles: [String]

        public init(keystore: Keystore, minDays: Int, caFiles: [String] = []) {
            self.keystore = keystore
            self.minDays = minDays
            self.caFiles = caFiles
        }
    }

    /// The report with each certificate's verdict. A CA file that does not read is bad input, thrown before the
    /// keystore is judged (not a refusal of each certificate).
    public static func run(_ input: Input) async throws -> KeystoreReport {
        _ = try TrustAnchors.certificates(in: input.caFiles)
        var report = try input.keystore.status(minDays: input.minDays)
        guard !report.certificates.isEmpty else { return report }
        report.judged(await KeystoreJudgement.refusals(of: input.keystore, caFiles: input.caFiles))
        return report
    }
}
