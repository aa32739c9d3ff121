import APNsModel
import APNsCore
import APNsMock
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mock serve`'s options checked, and turned into the mock's configuration: the CLI hands APNsMock the keys to
/// trust (collected by ``MockTrustCollection``) and everything else it was told.
extension MockServe {
    /// The environment to play: `--env` or `--environment`, else development.
    var played: APNsEnvironment { environment.value ?? environmentLong ?? .development }

    func validate() throws {
        if let short = environment.value, let long = environmentLong, short != long {
            throw ValidationError("--env \(short.rawValue) and --environment \(long.rawValue) disagree: "
                                  + "they are one option, give it once")
        }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        if tlsCert != nil && caOut != nil {
            throw ValidationError("--ca-out is only for the generated identity; it cannot be used with --tls-cert")
        }
        if !trustKeys.isEmpty && team == nil {
            throw ValidationError("--trust-key needs --team TEAMID (the team whose tokens the keys sign)")
        }
        if !(0...65535).contains(port) {
            throw ValidationError("--port \(port) is not a port number (0–65535)")
        }
        if !(0...65535).contains(channelsPort) {
            throw ValidationError("--channels-port \(channelsPort) is not a port number (0–65535)")
        }
        if channelsPort != 0, channelsPort == port {
            throw ValidationError("--channels-port \(channelsPort) is --port too: the management API needs its own port")
        }
        if channelLimit < 0 {
            throw ValidationError("--channel-limit must not be negative")
        }
        if !(1...1000).contains(maxStreamsBeforeSuccess) {
            throw ValidationError("--max-streams-before-success \(maxStreamsBeforeSuccess) is not between 1 and 1000")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads \(threads) is not between 1 and 256")
        }
        if tokenUpdateInterval < 0 {
            throw ValidationError("--token-update-interval must not be negative")
        }
    }

    /// The mock's configuration from the options: devices, trusted keys (the keystore's and `--trust-key`'s),
    /// TLS, channels.
    func makeConfiguration(logFormat: MockLogFormat) throws -> MockServerConfiguration {
        var registered: [String: String] = [:]
        for entry in devices {
            let (token, topic) = try MockStartup.assignment(entry, flag: "--device", valueName: "TOKEN=TOPIC")
            registered[try MockStartup.deviceToken(token, flag: "--device")] = topic
        }
        let startedAt = Date()
        var gone: [String: Date] = [:]
        for token in unregistered {
            gone[try MockStartup.deviceToken(token, flag: "--unregistered")] = startedAt
        }
        let declared = try trustKeys.map { entry in
            let argument = try TrustKeyArgument(parsing: entry)
            return MockTrustRequest.DeclaredKey(keyID: argument.keyID, path: argument.path, scope: argument.scope)
        }
        let trust = try MockTrustCollection.collect(MockTrustRequest(location: keystore.location, declared: declared,
                                                                     teamID: team) { [keystore] in try keystore.open() })
        if let skipped = trust.skipped {
            Console.warn("not trusting the keystore at \(skipped.path): \(skipped.reason)")
        }
        let policy = ValidationPolicy(environment: played, devices: registered, unregistered: gone,
                                      trustedKeys: trust.keys, keyScopes: trust.scopes,
                                      badEnvironmentReason: badEnvironmentReason.reason,
                                      tokenUpdateInterval: tokenUpdateInterval)
        let tls: MockServerConfiguration.TLSSource
        if let tlsCert, let tlsKey {
            tls = .files(certificate: tlsCert, privateKey: tlsKey)
        } else {
            tls = .generate
        }
        let clientCAPEM = try clientCA.map { String(decoding: try SecureFile.read($0), as: UTF8.self) }
        var configuration = MockServerConfiguration(
            host: host, port: port, tls: tls, policy: policy, clientCAPEM: clientCAPEM, logFormat: logFormat,
            logSink: { Self.requestLog.write($0) }, retainedRequests: 0, streamsBeforeFirstSuccess: maxStreamsBeforeSuccess,
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        configuration.streamThrottle = !noStreamThrottle
        configuration.channelsPort = channelsPort == 0 ? nil : channelsPort
        configuration.channelLimit = channelLimit
        configuration.broadcastDisabledBundleIDs = Set(broadcastDisabled)
        return configuration
    }
}

/// `--bad-environment-reason`'s values: the two spellings of the reason for a key of the other environment.
enum BadEnvironmentReasonArgument: String, ExpressibleByArgument, CaseIterable {
    case badEnvironmentKeyInToken = "BadEnvironmentKeyInToken"
    case badEnvironmentKeyIdInToken = "BadEnvironmentKeyIdInToken"

    var reason: APNsReason { self == .badEnvironmentKeyInToken ? .badEnvironmentKeyInToken : .badEnvironmentKeyIdInToken }
}
