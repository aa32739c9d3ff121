import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The certificate judge (`cert verify`'s, issue 40 §1): is this certificate usable for this topic and environment
/// — parse, purpose, validity, environment, topics, key match, chain (Apple's CAs or the CAs given), client auth.
/// ``CertificateVerifier`` holds the checks; this chooses what the chain must reach. It lives with the credentials so
/// that every asker can reach it: `cert verify`, `cert import`, `app check`, `doctor`, `expiry` (APNsOperations),
/// and the probe's, `device check`'s and the exporter's certificate reader (APNsProbe) before a canary.
public enum CertificateJudge {
    /// What the chain must reach.
    public enum Anchors: Sendable {
        /// Apple's roots, through Apple's WWDR intermediates (embedded: ``AppleCertificateAuthorities``).
        case apple
        /// The CA certificates given (`--ca FILE`): a mock's or the demo's own CA.
        case given([APNsCertificate])
    }

    /// Apple's roots and WWDR intermediates, read from the embedded PEM text.
    public static func appleAuthorities() throws -> (roots: [APNsCertificate], intermediates: [APNsCertificate]) {
        var roots = [APNsCertificate](), intermediates = [APNsCertificate]()
        for entry in AppleCertificateAuthorities.all {
            let blocks = try CredentialReader().read(bytes: Array(entry.pem.utf8), name: entry.name).certificates
            if entry.isRoot { roots += blocks } else { intermediates += blocks }
        }
        return (roots, intermediates)
    }

    /// Every check of `leaf` (with `key`, and the `chain` its file carried), the chain judged against `anchors`;
    /// `verifier` says the topics, environment, days and time asked.
    public static func checks(leaf: APNsCertificate, key: PrivateKey?, chain: [APNsCertificate], anchors: Anchors,
                              verifier: CertificateVerifier) async throws -> [CertificateCheck] {
        switch anchors {
        case .apple:
            let apple = try appleAuthorities()
            return await verifier.checks(leaf: leaf, key: key, intermediates: chain + apple.intermediates,
                                         anchors: apple.roots)
        case .given(let certificates):
            return await verifier.checks(leaf: leaf, key: key, intermediates: chain, anchors: certificates)
        }
    }

    /// The checks a sender (probe, `device check`, the exporter) asks before a canary, at `now` with no days to
    /// spare: everything but the chain (a sender has no CA to judge it against; the server does).
    public static func beforeSending(leaf: APNsCertificate, key: PrivateKey?, now: Date) -> [CertificateCheck] {
        var verifier = CertificateVerifier()
        verifier.minimumDays = 0
        verifier.now = now
        return verifier.localChecks(leaf: leaf, key: key)
    }

    /// The checks whose failure refuses a canary before it is sent: APNs ends the TLS handshake for a certificate
    /// outside its dates, and no handshake completes with a key that is not the certificate's.
    public static let refusedBeforeSending: Set<String> = ["validity", "private_key"]
}
