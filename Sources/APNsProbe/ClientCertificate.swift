import APNsModel
import APNsCore
import APNsCredentials
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A client certificate read for canaries: the one reader of `probe --cert`, `device check --cert`, `app check
/// --probe` and the exporter's `cert:` targets. It asks the certificate judge (``CertificateJudge``, `cert verify`'s)
/// before anything is sent, hands libcurl the chain and key as PEM in memory, and says the topic and push type the
/// certificate implies (`<bundle id>.voip` and voip for a VoIP Services certificate, which APNs refuses for the
/// bare bundle id).
public struct ClientCertificate: Sendable {
    /// The credential the prober sends.
    public var credential: ProbeCredential
    /// The certificate.
    public var leaf: APNsCertificate
    /// The topic when none is given: the bundle id, or `<bundle id>.voip` for a VoIP Services certificate.
    public var defaultTopic: String?
    /// The push type when none is given: voip for a VoIP Services certificate; nil: background.
    public var defaultPushType: APNsPushType?
    /// The certificate judge's checks before sending (``CertificateJudge/beforeSending(leaf:key:now:)``).
    public var checks: [CertificateCheck]
    /// Outside its validity period: APNs ends the TLS handshake, so a canary is refused before it is sent.
    public var validityProblem: CertificateValidityProblem?

    /// Reads the certificate and its key at `path` with `reader` (it knows the password) and judges them at `now`.
    /// Throws ``ClientCertificateError`` for a file without a certificate or key, or with another key (the judge's
    /// `private_key` check), and the reader's errors. `-` is standard input when `offerStandardInput`.
    public static func read(_ path: String, reader: CredentialReader, now: Date,
                            offerStandardInput: Bool = true) throws -> ClientCertificate {
        let bundle = try reader.read(path: path, offerStandardInput: offerStandardInput)
        guard let leaf = bundle.leaf else { throw ClientCertificateError.noCertificate(path: path) }
        guard let privateKey = bundle.privateKey else { throw ClientCertificateError.noPrivateKey(path: path) }
        let checks = CertificateJudge.beforeSending(leaf: leaf, key: privateKey, now: now)
        let refused = checks.filter { $0.status == .fail && CertificateJudge.refusedBeforeSending.contains($0.name) }
        if refused.contains(where: { $0.name == "private_key" }) {
            throw ClientCertificateError.keyDoesNotMatchCertificate(path: path)
        }
        var validity: CertificateValidityProblem?
        if refused.contains(where: { $0.name == "validity" }) {
            validity = leaf.notBefore > now ? .notYetValid(path: path, notBefore: leaf.notBefore)
                : .expired(path: path, notAfter: leaf.notAfter, now: now)
        }
        let chain = bundle.certificates.map(\.pemEncoded).joined(separator: "\n")
        var read = ClientCertificate(
            credential: .pem(certificate: Array(chain.utf8), key: Array(try privateKey.pkcs8PEM.utf8), keyPassword: nil),
            leaf: leaf, defaultTopic: leaf.bundleID, defaultPushType: nil, checks: checks, validityProblem: validity)
        if leaf.purpose == .voip, let bundleID = leaf.bundleID {
            read.defaultTopic = APNsPushType.voip.topic(forBundleID: bundleID)
            read.defaultPushType = .voip
        }
        return read
    }
}

/// A client certificate file that cannot serve for a canary.
public enum ClientCertificateError: Error, Equatable, Sendable {
    /// The file holds no certificate.
    case noCertificate(path: String)
    /// The file holds no private key.
    case noPrivateKey(path: String)
    /// The private key does not belong to the certificate.
    case keyDoesNotMatchCertificate(path: String)
}

/// A client certificate APNs will refuse for its dates; the certificate judge refuses it before a canary is sent
/// (probe and `device check` alike).
public enum CertificateValidityProblem: Error, Sendable, Equatable {
    /// The certificate at `path` expired at `notAfter`.
    case expired(path: String, notAfter: Date, now: Date)
    /// The certificate at `path` is not valid before `notBefore` (or this machine's clock is wrong).
    case notYetValid(path: String, notBefore: Date)
}
