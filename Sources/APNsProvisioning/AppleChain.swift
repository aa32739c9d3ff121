import APNsCore
import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a push certificate was issued by Apple: a path from the leaf through Apple's WWDR intermediates
/// (embedded, see ``AppleCertificateAuthorities``) to Apple Root CA or Apple Root CA - G3, checked with
/// swift-certificates' `Verifier`. A certificate from another issuer is accepted only against a CA the user
/// names (`--ca FILE`: tests, the demo, a private mock).
public struct AppleChain: Sendable {
    /// Who vouches for a certificate.
    public enum Trust: String, Codable, Sendable {
        /// Chains to Apple's roots.
        case apple
        /// Chains to a CA given with `--ca`, not to Apple.
        case givenCA = "ca"
    }

    /// The outcome: who vouches, and the path (`Apple Worldwide Developer Relations … → Apple Root CA`).
    public struct Result: Sendable, Equatable {
        public var trust: Trust
        public var path: String
        /// The path's certificates as RFC 4514 subjects, the leaf's issuer first, the trust anchor last (JSON).
        public var subjects: [String] = []
    }

    /// Apple's roots.
    public let roots: [APNsCertificate]
    /// Apple's WWDR intermediates.
    public let intermediates: [APNsCertificate]

    /// Reads the embedded certificates.
    public init() throws {
        var roots = [APNsCertificate](), intermediates = [APNsCertificate]()
        for entry in AppleCertificateAuthorities.all {
            let blocks = try CredentialReader().read(bytes: Array(entry.pem.utf8), name: entry.name).certificates
            if entry.isRoot { roots += blocks } else { intermediates += blocks }
        }
        self.roots = roots
        self.intermediates = intermediates
    }

    /// Checks `leaf` (with the `chain` its file carried) against Apple, then against `extraAnchors` (`--ca`).
    /// Throws a bad-input error naming `file` when neither vouches for it.
    public func verify(_ leaf: APNsCertificate, chain: [APNsCertificate], extraAnchors: [APNsCertificate],
                       file: String, caFile: String?) async throws -> Result {
        let verifier = CertificateVerifier()
        let apple = await verifier.chain(leaf, intermediates: chain + intermediates, anchors: roots)
        if apple.status == .pass {
            return Result(trust: .apple, path: Self.path(apple.detail),
                          subjects: Self.issuerSubjects(of: leaf, candidates: chain + intermediates, anchors: roots))
        }
        guard !extraAnchors.isEmpty, let caFile else {
            throw APNsError.badInput(
                "\(file): the certificate does not chain to Apple (issuer: \(leaf.issuerCommonName ?? leaf.issuer))",
                remedy: ProvisioningRemedy.nameIssuerCA)
        }
        let given = await verifier.chain(leaf, intermediates: chain, anchors: extraAnchors)
        guard given.status == .pass else {
            throw APNsError.badInput("\(file): the certificate chains neither to Apple nor to \(caFile): "
                                     + given.detail.replacing("does not verify against the given CA: ",
                                                                         with: ""),
                                     remedy: ProvisioningRemedy.caMustIssue(file: file))
        }
        return Result(trust: .givenCA, path: Self.path(given.detail),
                      subjects: Self.issuerSubjects(of: leaf, candidates: chain, anchors: extraAnchors))
    }

    /// The subjects from the leaf's issuer up to an anchor, following issuer names through a path that has
    /// already verified (certificates sharing a subject share the name, so any of them names the step alike).
    static func issuerSubjects(of leaf: APNsCertificate, candidates: [APNsCertificate],
                               anchors: [APNsCertificate]) -> [String] {
        var subjects = [String]()
        var current = leaf
        for _ in 0..<8 {
            if let anchor = anchors.first(where: { $0.subject == current.issuer }) {
                subjects.append(anchor.subject)
                break
            }
            guard let next = candidates.first(where: { $0.subject == current.issuer && $0 != current }) else { break }
            subjects.append(next.subject)
            current = next
        }
        return subjects
    }

    private static func path(_ detail: String) -> String {
        detail.hasPrefix("verifies to ") ? String(detail.dropFirst("verifies to ".count)) : detail
    }
}
