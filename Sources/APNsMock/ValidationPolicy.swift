import APNsCore
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
    /// The shortest time a connection must keep one token before switching to another (APNs: 20 minutes).
    public var tokenUpdateInterval: TimeInterval
    /// The oldest `iat` accepted (APNs: one hour).
    public var maximumTokenAge: TimeInterval

    public init(environment: APNsEnvironment = .development, devices: [String: String] = [:],
                unregistered: [String: Date] = [:], trustedKeys: [TrustedKey] = [],
                tokenUpdateInterval: TimeInterval = 20 * 60, maximumTokenAge: TimeInterval = 60 * 60) {
        self.environment = environment
        self.devices = Dictionary(devices.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.unregistered = Dictionary(unregistered.map { ($0.key.lowercased(), $0.value) },
                                       uniquingKeysWith: { _, last in last })
        self.trustedKeys = Dictionary(trustedKeys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
        self.tokenUpdateInterval = tokenUpdateInterval
        self.maximumTokenAge = maximumTokenAge
    }
}
