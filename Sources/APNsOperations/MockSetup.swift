import APNsCore
import APNsMock
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The mock's configuration assembled from what it was told: its validation policy (the environment it plays,
/// the registered and unregistered device tokens, the keys ``MockTrustCollection`` collects with their scopes)
/// and the client CA read for certificate authentication, on top of the server settings given.
public enum MockSetup {
    /// What the mock is to play.
    public struct Input {
        /// Listener, TLS, log and limits as given; its policy and client CA are set by ``configuration(_:notice:)``.
        public var server: MockServerConfiguration
        /// The APNs environment played.
        public var environment: APNsEnvironment
        /// Registered device tokens (hex), each with its topic.
        public var devices: [String: String]
        /// Device tokens (hex) that answer 410 Unregistered, gone since ``now``.
        public var unregistered: [String]
        /// The keys to trust: a keystore's and declared ones.
        public var trust: MockTrustRequest
        /// How a key of the other environment is answered.
        public var badEnvironmentReason: APNsReason
        /// The shortest time a connection must keep a token before changing it.
        public var tokenUpdateInterval: TimeInterval
        /// A CA file (PEM) whose client certificates are accepted; nil: token authentication only.
        public var clientCAFile: String?
        /// When the mock starts (the unregistered tokens' time).
        public var now: Date

        public init(server: MockServerConfiguration, environment: APNsEnvironment, devices: [String: String] = [:],
                    unregistered: [String] = [], trust: MockTrustRequest,
                    badEnvironmentReason: APNsReason = .badEnvironmentKeyInToken,
                    tokenUpdateInterval: TimeInterval = 20 * 60, clientCAFile: String? = nil, now: Date = Date()) {
            self.server = server
            self.environment = environment
            self.devices = devices
            self.unregistered = unregistered
            self.trust = trust
            self.badEnvironmentReason = badEnvironmentReason
            self.tokenUpdateInterval = tokenUpdateInterval
            self.clientCAFile = clientCAFile
            self.now = now
        }
    }

    /// The server's configuration for `input`. A keystore at the default location that could not be read is
    /// reported to `notice` (path, why) as soon as it is skipped; the trust collection's and the client CA file's
    /// errors are thrown, in that order.
    public static func configuration(_ input: Input, notice: (_ path: String, _ reason: String) -> Void = { _, _ in })
        throws -> MockServerConfiguration {
        let trust = try MockTrustCollection.collect(input.trust)
        if let skipped = trust.skipped { notice(skipped.path, skipped.reason) }
        var configuration = input.server
        configuration.policy = ValidationPolicy(
            environment: input.environment, devices: input.devices,
            unregistered: Dictionary(input.unregistered.map { ($0, input.now) }, uniquingKeysWith: { first, _ in first }),
            trustedKeys: trust.keys, keyScopes: trust.scopes, badEnvironmentReason: input.badEnvironmentReason,
            tokenUpdateInterval: input.tokenUpdateInterval)
        configuration.clientCAPEM = try input.clientCAFile.map {
            String(decoding: try SecureFile.read($0, offerStandardInput: false), as: UTF8.self)
        }
        return configuration
    }
}
