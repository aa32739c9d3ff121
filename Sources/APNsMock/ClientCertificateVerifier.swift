import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// Verifies a client certificate chain against the `--client-ca` roots with swift-certificates (RFC 5280: chain,
/// signatures, validity, CA constraints) and, when it fails, says why in words for the log: expired, not yet
/// valid, or issued by another CA. BoringSSL's own verdict is a bare CERTIFICATE_VERIFY_FAILED.
struct ClientCertificateVerifier: Sendable {
    let roots: [Certificate]

    /// Reads the roots (PEM, one or more certificates). Throws when none parses.
    init(pem: String) throws {
        self.roots = try PEMDocument.parseMultiple(pemString: pem).map { try Certificate(pemDocument: $0) }
    }

    /// Nil when the chain (leaf first, DER) is valid now (the machine's clock, as TLS has it); otherwise why it is
    /// refused.
    func problem(chain: [[UInt8]]) async -> String? {
        guard let first = chain.first, let leaf = try? Certificate(derEncoded: first) else {
            return "the client sent no certificate that parses as X.509"
        }
        let intermediates = chain.dropFirst().compactMap { try? Certificate(derEncoded: $0) }
        let now = Date()
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) { RFC5280Policy() }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates))
        if case .validCertificate = result { return nil }
        let subject = "client certificate \"\(leaf.subject)\""
        if leaf.notValidAfter < now {
            return "\(subject) expired on \(ISO8601Text.string(from: leaf.notValidAfter))"
        }
        if leaf.notValidBefore > now {
            return "\(subject) is not valid before \(ISO8601Text.string(from: leaf.notValidBefore))"
        }
        if !roots.contains(where: { $0.subject == leaf.issuer }) && !intermediates.contains(where: { $0.subject == leaf.issuer }) {
            return "\(subject) is issued by \"\(leaf.issuer)\", not by the client CA "
                + "(\(roots.map { "\"\($0.subject)\"" }.joined(separator: ", ")))"
        }
        return "\(subject) does not chain to the client CA (expired CA, bad signature or CA constraints)"
    }
}
