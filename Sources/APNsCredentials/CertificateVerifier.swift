import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(DisableValidityCheck) @_spi(FixedExpiryValidationTime) import X509

/// The checks of `cert verify`, as pure logic over a read credential: nothing here touches files.
public struct CertificateVerifier: Sendable {
    /// Topics that must be allowed (`--topic`).
    public var topics: [String] = []
    /// The environment the certificate must work in (`--env`); nil accepts either.
    public var environment: APNsEnvironment?
    /// The fewest days that must be left (`--min-days`, default 30).
    public var minimumDays: Int = 30
    /// When to judge validity.
    public var now: Date = Date()
    /// True when `now` was set by the user (`--at`): the chain is then judged at that time too.
    public var chainAtFixedTime = false

    /// A verifier with no topics, any environment, 30 days minimum, judged now.
    public init() {}

    /// Runs every check on `leaf`. `key` is the private key (from the file or `--key`), `anchors` the
    /// certificates of `--ca` (nil: no chain check), `intermediates` the rest of the file.
    public func checks(leaf: APNsCertificate, key: PrivateKey?, intermediates: [APNsCertificate] = [],
                       anchors: [APNsCertificate]? = nil) async -> [CertificateCheck] {
        var checks = localChecks(leaf: leaf, key: key)
        if let anchors {
            checks.insert(await chain(leaf, intermediates: intermediates, anchors: anchors), at: checks.count - 1)
        }
        return checks
    }

    /// Every check but the chain, in the same order (the chain would come before `client_auth`): what can be
    /// judged from the certificate and its key alone, without waiting.
    public func localChecks(leaf: APNsCertificate, key: PrivateKey?) -> [CertificateCheck] {
        var checks = [CertificateCheck("parses", .pass,
                                       "\(leaf.publicKeyDescription) certificate for \(leaf.bundleID ?? leaf.commonName ?? leaf.subject)")]
        checks.append(purposeCheck(leaf))
        if let problem = leaf.topicsError {
            checks.append(CertificateCheck("topics_extension", .fail, problem))
        }
        if !leaf.hasAPNsKeySize {
            checks.append(keySize(leaf))
        }
        checks.append(validity(leaf))
        checks.append(environmentCheck(leaf))
        for topic in topics {
            checks.append(topicCheck(topic, leaf))
        }
        if let key {
            checks.append(CertificateCheck("private_key", passed: key.matches(leaf),
                                           key.matches(leaf) ? "\(key.kind) key matches the certificate"
                                                              : "the \(key.kind) key does not match the certificate"))
        } else {
            checks.append(CertificateCheck("private_key", .skipped, "no private key in the file"))
        }
        checks.append(CertificateCheck("client_auth", passed: leaf.hasClientAuthUsage,
                                       leaf.hasClientAuthUsage ? "extended key usage includes TLS client authentication"
                                                               : "extended key usage lacks TLS client authentication"))
        return checks
    }

    /// APNs accepts client certificates with RSA keys of 2048 bits or more (what Apple issues) or EC keys.
    /// Listed only when it fails, so the checks of an ordinary certificate stay as they were.
    func keySize(_ leaf: APNsCertificate) -> CertificateCheck {
        if leaf.hasAPNsKeySize {
            return CertificateCheck("key_size", .pass, "\(leaf.publicKeyDescription) is strong enough for APNs")
        }
        if leaf.publicKeyType == "RSA" {
            return CertificateCheck("key_size", .fail,
                                    "\(leaf.publicKeyDescription) key is too weak: APNs needs RSA 2048 or stronger")
        }
        return CertificateCheck("key_size", .fail, "\(leaf.publicKeyDescription) keys are not accepted by APNs: it needs RSA 2048")
    }

    /// Passes when the certificate is valid at ``now`` with at least ``minimumDays`` whole days (of 86,400
    /// seconds) left: the exact remaining time is compared, so 29 days and 13 hours fails `--min-days 30`.
    func validity(_ leaf: APNsCertificate) -> CertificateCheck {
        let end = ISO8601Text.string(from: leaf.notAfter)
        // With --at the words name that instant: "expired 3 days ago" would read as relative to today.
        let left = chainAtFixedTime ? Wording.timeLeft(until: leaf.notAfter, at: now)
                                    : Wording.timeLeft(until: leaf.notAfter, now: now)
        if now < leaf.notBefore {
            return CertificateCheck("validity", .fail, "not valid before \(ISO8601Text.string(from: leaf.notBefore))")
        }
        if now > leaf.notAfter {
            return CertificateCheck("validity", .fail, "\(left) (on \(end))")
        }
        if leaf.notAfter.timeIntervalSince(now) < Double(minimumDays) * 86_400 {
            return CertificateCheck("validity", .fail, "\(Wording.only(left)) (until \(end)); "
                                    + "at least \(Wording.count(minimumDays, "day")) required")
        }
        return CertificateCheck("validity", .pass, "\(left) (until \(end))")
    }

    func environmentCheck(_ leaf: APNsCertificate) -> CertificateCheck {
        let granted = leaf.environments.map(\.rawValue).joined(separator: " and ")
        guard let environment else {
            if leaf.environments.isEmpty {
                return CertificateCheck("environment", .fail, "no APNs environment OID (1.2.840.113635.100.6.3.1/.2)")
            }
            return CertificateCheck("environment", .pass, leaf.environmentSummary == "universal"
                                    ? "development and production (universal)" : "\(granted) only")
        }
        if leaf.environments.contains(environment) {
            return CertificateCheck("environment", .pass, "valid for \(environment.rawValue) (\(leaf.environmentSummary))")
        }
        let has = leaf.environments.isEmpty ? "no APNs environment" : "\(granted) only"
        return CertificateCheck("environment", .fail, "not valid for \(environment.rawValue): the certificate is \(has)")
    }

    /// Names what the certificate is for; fails for a certificate that is not for push at all.
    func purposeCheck(_ leaf: APNsCertificate) -> CertificateCheck {
        switch leaf.purpose {
        case .notPush:
            let uid = leaf.bundleID.map { "; its UID \($0) is not a topic" } ?? ""
            return CertificateCheck("purpose", .fail, "not a push certificate: \(leaf.displayName) has "
                                    + "\(leaf.purposeEvidence)\(uid)")
        case .appPush:
            return CertificateCheck("purpose", .pass, leaf.purposeDescription)
        default:
            return CertificateCheck("purpose", .pass, "\(leaf.purposeDescription), not an app's push certificate")
        }
    }

    func topicCheck(_ topic: String, _ leaf: APNsCertificate) -> CertificateCheck {
        let name = "topic:\(topic)"
        if let refusal = leaf.purposeRefusal(topic: topic) {
            return CertificateCheck(name, .fail, refusal)
        }
        if leaf.topics.isEmpty, leaf.allowedTopics.contains(topic) {
            let source = leaf.purpose == .voip ? "the certificate's bundle id (UID) with .voip" : "the certificate's bundle id (UID)"
            return CertificateCheck(name, .pass, "\(topic) is \(source)")
        }
        if let entry = leaf.topics.first(where: { $0.topic == topic }) {
            let labels = entry.labels.isEmpty ? "" : " (\(entry.labels.joined(separator: ", ")))"
            return CertificateCheck(name, .pass, "\(topic) is listed\(labels)")
        }
        let allowed = leaf.allowedTopics.isEmpty ? "none" : leaf.allowedTopics.joined(separator: ", ")
        return CertificateCheck(name, .fail, "\(topic) is not allowed; allowed: \(allowed)")
    }

    /// The `chain` check alone: does `leaf` verify, through `intermediates`, to one of `anchors` (validity
    /// dates judged only with ``chainAtFixedTime``)?
    public func chain(_ leaf: APNsCertificate, intermediates: [APNsCertificate],
                      anchors: [APNsCertificate]) async -> CertificateCheck {
        guard let leafCertificate = leaf.certificate, anchors.allSatisfy({ $0.certificate != nil }),
              intermediates.allSatisfy({ $0.certificate != nil }) else {
            // Some certificate only OpenSSL reads: let OpenSSL build and check the path.
            return OpenSSLChain.check(leaf, intermediates: intermediates, anchors: anchors,
                                      at: chainAtFixedTime ? now : nil)
        }
        let roots = CertificateStore(anchors.compactMap(\.certificate))
        let others = CertificateStore(intermediates.compactMap(\.certificate))
        let result: CertificateValidationResult
        if chainAtFixedTime {
            let time = now
            var verifier = Verifier(rootCertificates: roots) { RFC5280Policy(fixedExpiryValidationTime: time) }
            result = await verifier.validate(leaf: leafCertificate, intermediates: others)
        } else {
            var verifier = Verifier(rootCertificates: roots) { RFC5280Policy.withValidityCheckDisabled() }
            result = await verifier.validate(leaf: leafCertificate, intermediates: others)
        }
        switch result {
        case .validCertificate(let chain):
            let names = chain.dropFirst().map { APNsCertificateName.commonName(of: $0) }
            return CertificateCheck("chain", .pass, "verifies to \(names.joined(separator: " → "))")
        case .couldNotValidate(let failures):
            // A leaf given as a CA is the usual cause, and swift-certificates says it with a certificate dump.
            if let notCA = anchors.first(where: { !Self.isCertificateAuthority($0) }) {
                let same = notCA.sha256Fingerprint == leaf.sha256Fingerprint ? " (it is the certificate itself)" : ""
                return CertificateCheck("chain", .fail, "the CA given is \(notCA.subject)\(same), which is not a CA "
                                        + "certificate (its basic constraints say CA:FALSE or are absent): give the "
                                        + "certificate of the CA that issued it")
            }
            let reason = failures.first.map { Self.summarise(String(describing: $0.policyFailureReason)) }
                ?? "no path to a given CA"
            return CertificateCheck("chain", .fail, "does not verify against the given CA: \(reason)")
        }
    }
}

extension CertificateVerifier {
    /// swift-certificates' failure reasons embed whole certificate dumps: keep one readable clause, never a dump.
    public static func summarise(_ reason: String) -> String {
        if reason.hasSuffix("is not yet valid") { return "a certificate in the chain is not yet valid at that time" }
        if reason.contains("expired") { return "a certificate in the chain has expired at that time" }
        var text = reason
        if let policy = text.firstRange(of: "Policy: ") { text = String(text[policy.upperBound...]) }
        if let dump = text.firstRange(of: "Certificate(") {
            let head = text[..<dump.lowerBound].reversed().drop { $0 == " " }.reversed()
            text = String(head) + " (a certificate in the chain)"
        }
        if text.count <= 160 { return text }
        return String(text.prefix(157)) + "..."
    }

    /// True when `certificate` may issue others: basic constraints CA:TRUE. A certificate swift-certificates does
    /// not read is left to OpenSSL's judgement (true here).
    static func isCertificateAuthority(_ certificate: APNsCertificate) -> Bool {
        guard let parsed = certificate.certificate else { return true }
        if case .isCertificateAuthority = try? parsed.extensions.basicConstraints { return true }
        return false
    }
}

/// Small naming helper for swift-certificates values.
enum APNsCertificateName {
    static func commonName(of certificate: Certificate) -> String {
        for rdn in certificate.subject {
            for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                return String(attribute.value) ?? attribute.value.description
            }
        }
        return certificate.subject.description
    }
}
