import APNsCore
import APNsModel
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything the request validator needs to know about the APNs it plays: no sockets, no files.
public struct ValidationPolicy: Sendable {
    /// Which environment the mock is: decides certificate environments and `apns-unique-id`.
    public var environment: APNsEnvironment
    /// Registered device tokens (lowercase hex) and the topic (bundle id) each belongs to.
    public var devices: [String: String]
    /// Device tokens (lowercase hex) that are no longer valid, with when they stopped being valid.
    public var unregistered: [String: Date]
    /// Keys trusted for provider tokens, by key id.
    public var trustedKeys: [String: TrustedKey]
    /// Each trusted key's scope (Apple's 2025 key model: environments, team-scoped or topic-specific, related key),
    /// by key id. A trusted key without an entry is team-scoped for both environments, like a key made before
    /// 17 February 2025 (see ``scope(ofKey:)``).
    public var keyScopes: [String: KeyScope]
    /// What a token whose key does not cover ``environment`` is answered: `BadEnvironmentKeyInToken` (what APNs has
    /// been seen answering; the default) or `BadEnvironmentKeyIdInToken` (Apple's documented spelling).
    public var badEnvironmentReason: APNsReason
    /// The shortest time a connection must keep one token before switching to another (APNs: 20 minutes).
    public var tokenUpdateInterval: TimeInterval
    /// The oldest `iat` accepted (APNs: one hour).
    public var maximumTokenAge: TimeInterval

    public init(environment: APNsEnvironment = .development, devices: [String: String] = [:],
                unregistered: [String: Date] = [:], trustedKeys: [TrustedKey] = [], keyScopes: [String: KeyScope] = [:],
                badEnvironmentReason: APNsReason = .badEnvironmentKeyInToken,
                tokenUpdateInterval: TimeInterval = 20 * 60, maximumTokenAge: TimeInterval = 60 * 60) {
        self.environment = environment
        self.devices = Dictionary(devices.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.unregistered = Dictionary(unregistered.map { ($0.key.lowercased(), $0.value) },
                                       uniquingKeysWith: { _, last in last })
        self.trustedKeys = Dictionary(trustedKeys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
        self.keyScopes = keyScopes
        self.badEnvironmentReason = badEnvironmentReason
        self.tokenUpdateInterval = tokenUpdateInterval
        self.maximumTokenAge = maximumTokenAge
    }

    /// The scope of trusted key `keyID`: its entry in ``keyScopes``, else team-scoped for both environments.
    public func scope(ofKey keyID: String) -> KeyScope {
        keyScopes[keyID] ?? .legacy
    }
}
