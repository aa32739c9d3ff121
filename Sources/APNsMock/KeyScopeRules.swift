import APNsCore
import APNsModel

/// The key a connection is bound to: the key of the first push on it whose key the mock accepted.
public struct ConnectionKeyBinding: Sendable, Equatable {
    /// The first accepted push's key id.
    public var keyID: String
    /// That key's scope, as the mock trusts it.
    public var scope: KeyScope

    public init(keyID: String, scope: KeyScope) {
        self.keyID = keyID
        self.scope = scope
    }
}

/// Apple's 2025 key rules as the mock applies them to a verified token: the key's environment, its topics, and the
/// connection's binding to its first push's key. Pure: every refusal is a ``Rejection`` whose detail says why.
///
/// - A key that does not cover the mock's environment: `403 BadEnvironmentKeyInToken` (or the spelling in
///   ``ValidationPolicy/badEnvironmentReason``).
/// - A topic-specific key and a topic it does not cover: `400 TopicDisallowed` (Apple documents no reason; the
///   mock's choice). A listed bundle id covers its push-type topics (`BUNDLE.voip`, `BUNDLE.complication`, …).
/// - After a team-scoped first push, a topic-specific key; after a topic-specific first push, a team-scoped key or
///   one that is neither that key nor its related key (`related` read either way), or a related pair Apple does not
///   allow (``KeyRelation``: the related key is topic-specific, of the same environment):
///   `403 UnrelatedKeyIdInToken`.
enum KeyScopeRules {
    /// The refusal for key `keyID` of `scope` in a mock playing `environment`; nil when the key covers it.
    static func environmentRejection(keyID: String, scope: KeyScope, environment: APNsEnvironment,
                                     reason: APNsReason) -> Rejection? {
        guard !scope.covers(environment) else { return nil }
        return Rejection(reason, "key \(keyID) is \(scope.environmentsText)-only; this mock plays \(environment.rawValue)")
    }

    /// The refusal for key `keyID` of `scope` on a connection bound to `binding`; nil when it may share it. The
    /// rule is the keystore's (``KeyRelation/connectionProblem(keyID:scope:boundKeyID:boundScope:)``, the same one
    /// `key import` applies to related keys), and the detail quotes it.
    static func bindingRejection(keyID: String, scope: KeyScope, binding: ConnectionKeyBinding?) -> Rejection? {
        guard let binding, let why = KeyRelation.connectionProblem(keyID: keyID, scope: scope,
                                                                   boundKeyID: binding.keyID,
                                                                   boundScope: binding.scope) else { return nil }
        return Rejection(.unrelatedKeyIdInToken,
                         "this connection is bound to \(describe(binding.keyID, binding.scope)) (its first push's "
                            + "key): \(why); \(KeyRelation.appleRule)")
    }

    /// The refusal for key `keyID` of `scope` sending to `topic`; nil when the key covers the topic.
    static func topicRejection(keyID: String, scope: KeyScope, topic: String) -> Rejection? {
        guard let topics = scope.topics, !scope.covers(topic: topic) else { return nil }
        return Rejection(.topicDisallowed, "key \(keyID) is topic-specific (\(topics.joined(separator: ", "))) and "
                         + "does not cover \(topic) (Apple documents no reason: TopicDisallowed is the mock's choice)")
    }

    private static func describe(_ keyID: String, _ scope: KeyScope) -> String {
        "\(scope.isTeamScoped ? "team-scoped" : "topic-specific") key \(keyID)"
    }
}
