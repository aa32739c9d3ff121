import APNsCore
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// A root certificate that APNs servers chain to, known by its subject and the SHA-256 of its DER encoding.
public struct TrustAnchor: Sendable, Equatable {
    /// The common name people search for.
    public var name: String
    /// The subject, RFC 4514 style as swift-certificates prints it.
    public var subject: String
    /// Lower-case hex SHA-256 of the certificate's DER encoding (what `openssl x509 -fingerprint -sha256` shows).
    public var sha256: String

    /// The root the APNs servers chain to since 2025 (sandbox from 2025-01-20, production from 2025-02-24).
    public static let userTrustRSA = TrustAnchor(
        name: "USERTrust RSA Certification Authority",
        subject: "CN=USERTrust RSA Certification Authority,O=The USERTRUST Network,L=Jersey City,ST=New Jersey,C=US",
        sha256: "e793c9b02fd8aa13e21c31228accb08119643b749c898964b1746d46c3d4cbd2")

    /// The older root of the same chain (USERTrust RSA was cross-signed by it); reported, not required.
    public static let aaaCertificateServices = TrustAnchor(
        name: "AAA Certificate Services",
        subject: "CN=AAA Certificate Services,O=Comodo CA Limited,L=Salford,ST=Greater Manchester,C=GB",
        sha256: "d7a7a0fb5d7e2731d771e9484ebcdef71d5f0c3e0a2948782bc83ee0ea699ef4")
}

/// One certificate of a CA bundle: its subject and DER SHA-256.
public struct BundleCertificate: Sendable, Equatable {
    public var subject: String
    public var sha256: String

    public init(subject: String, sha256: String) {
        self.subject = subject
        self.sha256 = sha256
    }

    /// Every certificate of a PEM bundle; blocks that are not certificates or do not parse are skipped.
    public static func all(inPEM text: String) -> [BundleCertificate] {
        var found: [BundleCertificate] = []
        let begin = "-----BEGIN CERTIFICATE-----", end = "-----END CERTIFICATE-----"
        var rest = Substring(text)
        while let start = rest.firstRange(of: begin), let stop = rest[start.upperBound...].firstRange(of: end) {
            let block = String(rest[start.lowerBound..<stop.upperBound])
            rest = rest[stop.upperBound...]
            guard let document = try? PEMDocument(pemString: block),
                  let certificate = try? Certificate(derEncoded: document.derBytes) else { continue }
            let digest = Hex.lower(SHA256.hash(data: document.derBytes))
            found.append(BundleCertificate(subject: String(describing: certificate.subject), sha256: digest))
        }
        return found
    }
}

/// `doctor`'s check that the CA bundle a probe will trust holds the root the APNs servers chain to.
public enum TrustAnchorCheck {
    /// The hint for a bundle without the root: how to add it on Debian and on RHEL.
    public static let missingHint = "APNs servers chain to USERTrust RSA Certification Authority since 2025: "
        + "Debian/Ubuntu: `apt-get install ca-certificates && update-ca-certificates`; "
        + "RHEL/Fedora: `dnf install ca-certificates && update-ca-trust`"

    /// What the checks call the CA file given for a probe, unless the caller names it.
    public static let givenCALabel = "the CA file given"

    /// Judges `certificates`, read from `path` (named `source`: the CA file given, "SSL_CERT_FILE", "libcurl's
    /// default"); `given` says it is the one file a probe was given to trust.
    public static func check(path: String, source: String, given: Bool = false,
                             certificates: [BundleCertificate]) -> DoctorCheck {
        let name = "apns trust anchor"
        let required = TrustAnchor.userTrustRSA, older = TrustAnchor.aaaCertificateServices
        let location = "\(path) (\(source))"
        let olderNote = certificates.contains { $0.sha256 == older.sha256 }
            ? "\(older.name) also present" : "\(older.name) (older, not needed) absent"
        if certificates.contains(where: { $0.sha256 == required.sha256 && $0.subject == required.subject }) {
            return DoctorCheck(name, .pass, "\(location) holds \(required.name) (SHA-256 \(required.sha256)); \(olderNote)")
        }
        if let impostor = certificates.first(where: { $0.subject == required.subject }) {
            return DoctorCheck(name, .fail,
                               "\(location) holds a certificate named \(required.name) whose SHA-256 is \(impostor.sha256), "
                               + "not \(required.sha256); \(olderNote)",
                               hint: "that is not the real root; " + missingHint)
        }
        let lacking = certificates.isEmpty ? "holds no certificate, so not" : "lacks"
        return DoctorCheck(name, .fail, "\(location) \(lacking) \(required.name) (SHA-256 \(required.sha256)); \(olderNote)",
                           hint: given ? "" : missingHint, remedy: given ? .addRootOrDropCAFile : nil)
    }

    /// Reads the bundle at `path` and judges it; an unreadable bundle fails naming the file.
    public static func check(path: String, source: String, given: Bool = false) -> DoctorCheck {
        guard let bytes = try? SecureFile.read(path, limit: 16 << 20) else {
            return DoctorCheck("apns trust anchor", .fail, "cannot read \(path) (\(source))", hint: missingHint)
        }
        return check(path: path, source: source, given: given, certificates: BundleCertificate.all(inPEM: String(decoding: bytes, as: UTF8.self)))
    }

    /// For a server that is not Apple's (`doctor --host`): whether a TLS handshake with it verified against the
    /// CA the probe would trust (`--cacert`, else the system's). APNs's root does not matter there.
    public static func check(server target: ProbeTarget, cacert: String?, cacertLabel: String = givenCALabel,
                             observation: ClockCheck.Observation?) -> DoctorCheck {
        let name = "trust anchor \(target.host):\(target.port)"
        let trusting = cacert.map { "\(cacertLabel) \($0)" } ?? "the system's CA bundle"
        guard let observation else {
            return DoctorCheck(name, .warn, "not checked: no connection was tried")
        }
        guard let failure = observation.failure else {
            return DoctorCheck(name, .pass, "the server's certificate verifies against \(trusting)")
        }
        switch failure.kind {
        case .tls where failure.tlsAlert == nil:
            return DoctorCheck(name, .fail, "the server's certificate does not verify against \(trusting): \(failure.message)",
                               remedy: .trustServerCA)
        case .notTLS:
            return DoctorCheck(name, .fail, "the server does not speak TLS: \(failure.message)", remedy: .checkPort)
        default:
            return DoctorCheck(name, .warn, "not checked: \(observation.problem ?? failure.message)",
                               remedy: .checkHostAndPort)
        }
    }

    /// The bundles a probe may trust: `--cacert` when given (the probe then trusts only it); else libcurl's
    /// default bundle, and `SSL_CERT_FILE` too when set (curl and OpenSSL-based tools read it).
    public static func bundles(cacert: String?, cacertLabel: String = givenCALabel, curlDefault: String?,
                               environment: [String: String]) -> [(path: String, source: String)] {
        if let cacert { return [(cacert, cacertLabel)] }
        var result: [(path: String, source: String)] = []
        if let curlDefault { result.append((curlDefault, "libcurl's default")) }
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty, file != curlDefault {
            result.append((file, "SSL_CERT_FILE"))
        }
        return result
    }
}
