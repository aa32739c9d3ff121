/// What a certificate from Apple's portal is for. An environment check alone cannot tell these apart: Pass Type
/// ID and Website Push ID certificates carry the production OID too, and a developer or distribution
/// certificate's UID (the team id) looks like a bundle id.
///
/// JSON: `purpose` is one of the raw values (`kind` is reserved for the sort of a JSON object).
public enum CertificatePurpose: String, Codable, Sendable, CaseIterable {
    /// An app's push certificate ("Apple Push Notification service SSL"): alerts, background, and the push
    /// types its topics extension (1.2.840.113635.100.6.3.6) lists, in the environments of 6.3.1/6.3.2.
    case appPush = "app_push"
    /// A VoIP Services certificate (PushKit VoIP pushes to `<bundle id>.voip`; OIDs 6.3.3–6.3.5, no 6.3.6).
    case voip
    /// A Pass Type ID certificate: Wallet pass updates to its `pass.…` id (OID 1.2.840.113635.100.6.1.16).
    case passTypeID = "pass_type_id"
    /// A Website Push ID certificate: Safari push to its `web.…` id (OID 1.2.840.113635.100.6.1.17).
    case websitePush = "website_push"
    /// Not a push certificate at all: development, distribution, code signing, server certificates.
    case notPush = "not_push"

    /// How people name it: "app push", "VoIP Services", "Pass Type ID", "Website Push ID", "not for push".
    public var phrase: String {
        switch self {
        case .appPush: return "app push"
        case .voip: return "VoIP Services"
        case .passTypeID: return "Pass Type ID"
        case .websitePush: return "Website Push ID"
        case .notPush: return "not for push"
        }
    }

    /// What it can send: "Wallet pass updates", "PushKit VoIP pushes", ….
    public var sends: String {
        switch self {
        case .appPush: return "an app's notifications"
        case .voip: return "PushKit VoIP pushes only"
        case .passTypeID: return "Wallet pass updates only"
        case .websitePush: return "Safari website pushes only"
        case .notPush: return "nothing: APNs refuses it"
        }
    }

    /// The Pass Type ID extension.
    static let passTypeOID = "1.2.840.113635.100.6.1.16"
    /// The Website Push ID extension.
    static let websitePushOID = "1.2.840.113635.100.6.1.17"
    /// The VoIP Services extensions (6.3.3 the bundle id, 6.3.4 its topics, 6.3.5).
    static let voipOIDs: Set<String> = ["1.2.840.113635.100.6.3.3", "1.2.840.113635.100.6.3.4", "1.2.840.113635.100.6.3.5"]
    /// Common-name prefixes of app push certificates, old and new.
    static let appPushPrefixes = ["Apple Push Services:", "Apple Development IOS Push Services:",
                                  "Apple Production IOS Push Services:", "Apple Development Mac Push Services:",
                                  "Apple Production Mac Push Services:", "Apple Sandbox Push Services:"]

    /// The purpose read from Apple's extensions, the subject common name's prefix and the UID's prefix, and what
    /// it was read from (for messages).
    static func of(commonName: String?, uid: String?, extensions: [String], hasEnvironment: Bool,
                   hasTopics: Bool) -> (purpose: CertificatePurpose, evidence: String) {
        let name = commonName ?? ""
        let uid = uid ?? ""
        let oids = Set(extensions)
        if oids.contains(websitePushOID) { return (.websitePush, "extension \(websitePushOID)") }
        if oids.contains(passTypeOID) { return (.passTypeID, "extension \(passTypeOID)") }
        if name.hasPrefix("Website Push ID:") { return (.websitePush, "subject \"Website Push ID: …\"") }
        if name.hasPrefix("Pass Type ID:") { return (.passTypeID, "subject \"Pass Type ID: …\"") }
        if name.hasPrefix("VoIP Services:") { return (.voip, "subject \"VoIP Services: …\"") }
        if !hasTopics, let voip = extensions.first(where: { voipOIDs.contains($0) }) { return (.voip, "extension \(voip)") }
        if hasEnvironment || hasTopics || appPushPrefixes.contains(where: { name.hasPrefix($0) }) {
            if uid.hasPrefix("pass.") { return (.passTypeID, "UID \(uid)") }
            if uid.hasPrefix("web.") { return (.websitePush, "UID \(uid)") }
            let evidence = hasEnvironment ? "extensions 1.2.840.113635.100.6.3.1/.2"
                : hasTopics ? "extension 1.2.840.113635.100.6.3.6" : "subject \"\(name.prefix { $0 != ":" }): …\""
            return (.appPush, evidence)
        }
        return (.notPush, "no APNs extension (1.2.840.113635.100.6.3.1/.2/.6, 6.1.16, 6.1.17)")
    }
}

extension APNsCertificate {
    /// What the certificate is for (see ``CertificatePurpose``).
    public var purpose: CertificatePurpose { purposeAndEvidence.purpose }

    /// What ``purpose`` was read from: "extension 1.2.840.113635.100.6.1.16", "subject \"VoIP Services: …\"".
    public var purposeEvidence: String { purposeAndEvidence.evidence }

    private var purposeAndEvidence: (purpose: CertificatePurpose, evidence: String) {
        CertificatePurpose.of(commonName: commonName, uid: bundleID, extensions: appleExtensionOIDs,
                              hasEnvironment: !environments.isEmpty,
                              hasTopics: !topics.isEmpty || topicsError != nil)
    }

    /// The purpose in words, with the environments of an app push certificate: "app push (development and
    /// production)", "Pass Type ID (Wallet pass updates only)".
    public var purposeDescription: String {
        switch purpose {
        case .appPush:
            let granted = environments.isEmpty ? "no environment" : environments.map(\.rawValue).joined(separator: " and ")
            return "app push (\(granted))"
        case .notPush:
            return "not a push certificate: \(purposeEvidence)"
        default:
            return "\(purpose.phrase) (\(purpose.sends))"
        }
    }

    /// The id the certificate serves: its UID, else what its subject's common name names after "Pass Type ID: ",
    /// "Website Push ID: " or "VoIP Services: " (Apple's subjects carry both; a copy may carry only the name).
    public var purposeIdentifier: String? {
        if let bundleID { return bundleID }
        let name = commonName ?? ""
        for prefix in ["Pass Type ID: ", "Website Push ID: ", "VoIP Services: "] where name.hasPrefix(prefix) {
            let id = name.dropFirst(prefix.count).prefix { $0 != " " }
            return id.isEmpty ? nil : String(id)
        }
        return nil
    }

    /// Why this certificate cannot send to `topic`, or nil when its purpose can serve the topic's push type.
    /// Whether the topic is listed is another question (the topic check's).
    public func purposeRefusal(topic: String) -> String? {
        let isPass = topic.hasPrefix("pass."), isWeb = topic.hasPrefix("web."), isVoIP = topic.hasSuffix(".voip")
        switch purpose {
        case .appPush:
            if isPass { return "\(topic) is a Pass Type ID: an app push certificate cannot send Wallet pass updates" }
            if isWeb { return "\(topic) is a Website Push ID: an app push certificate cannot send Safari website pushes" }
            return nil
        case .voip:
            if isVoIP { return nil }
            return "a VoIP Services certificate sends PushKit VoIP pushes only (topic \(purposeIdentifier.map { $0 + ".voip" } ?? "BUNDLE.voip")), not to \(topic)"
        case .passTypeID:
            if isPass { return nil }
            return "a Pass Type ID certificate sends Wallet pass updates only (topic \(purposeIdentifier ?? "pass.…")), not to \(topic)"
        case .websitePush:
            if isWeb { return nil }
            return "a Website Push ID certificate sends Safari website pushes only (topic \(purposeIdentifier ?? "web.…")), not to \(topic)"
        case .notPush:
            return "not a push certificate: APNs accepts it for no topic"
        }
    }
}
