import APNsCore
import APNsModel
/// What a TLS client certificate entitles its holder to, as APNs reads it: the topics it may push to and
/// the environments it is valid in.
public struct ClientCertificateIdentity: Sendable, Equatable {
    /// The bundle id from the subject (UID), when present.
    public var subjectTopic: String?
    /// The topics from extension 1.2.840.113635.100.6.3.6, in order; empty when the certificate has none.
    public var topics: [String]
    /// True when the certificate carries the development (sandbox) OID 1.2.840.113635.100.6.3.1.
    public var development: Bool
    /// True when the certificate carries the production OID 1.2.840.113635.100.6.3.2.
    public var production: Bool

    public init(subjectTopic: String?, topics: [String], development: Bool, production: Bool) {
        self.subjectTopic = subjectTopic
        self.topics = topics
        self.development = development
        self.production = production
    }

    /// Every topic the certificate allows: the extension's topics, or the subject's bundle id without them.
    public var allowedTopics: [String] {
        if !topics.isEmpty { return topics }
        return subjectTopic.map { [$0] } ?? []
    }

    /// The topic a request without `apns-topic` falls back to: only for a single-topic certificate.
    public var defaultTopic: String? {
        let allowed = allowedTopics
        return allowed.count == 1 ? allowed[0] : nil
    }

    /// True when the certificate may be used against `environment`.
    public func allows(_ environment: APNsEnvironment) -> Bool {
        switch environment {
        case .development: return development
        case .production: return production
        }
    }
}
