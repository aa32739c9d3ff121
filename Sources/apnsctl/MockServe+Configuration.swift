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

    /// The mock's configuration from the options: devices and `--trust-key` read here, the rest assembled by
    /// ``MockSetup`` (the keystore's keys and the declared ones trusted, the client CA read).
    func makeConfiguration(logFormat: MockLogFormat) throws -> MockServerConfiguration {
        var registered: [String: String] = [:]
        for entry in devices {
            let (token, topic) = try MockStartup.assignment(entry, flag: "--device", valueName: "TOKEN=TOPIC")
            registered[try MockStartup.deviceToken(token, flag: "--device")] = topic
        }
        let gone = try unregistered.map { try MockStartup.deviceToken($0, flag: "--unregistered") }
        let declared = try trustKeys.map { entry in
            let argument = try TrustKeyArgument(parsing: entry)
            return MockTrustRequest.DeclaredKey(keyID: argument.keyID, path: argument.path, scope: argument.scope)
        }
        let tls: MockServerConfiguration.TLSSource = tlsCert.flatMap { certificate in
            tlsKey.map { .files(certificate: certificate, privateKey: $0) } } ?? .generate
        var server = MockServerConfiguration(
            host: host, port: port, tls: tls, logFormat: logFormat, logSink: { Self.requestLog.write($0) },
            retainedRequests: 0, streamsBeforeFirstSuccess: maxStreamsBeforeSuccess,
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        server.streamThrottle = !noStreamThrottle
        server.channelsPort = channelsPort == 0 ? nil : channelsPort
        server.channelLimit = channelLimit
        server.broadcastDisabledBundleIDs = Set(broadcastDisabled)
        let trust = MockTrustRequest(location: keystore.location, declared: declared, teamID: team) { [keystore] in
            try keystore.open()
        }
        return try MockSetup.configuration(MockSetup.Input(
            server: server, environment: played, devices: registered, unregistered: gone, trust: trust,
            badEnvironmentReason: badEnvironmentReason.reason, tokenUpdateInterval: tokenUpdateInterval,
            clientCAFile: clientCA)) { path, reason in
            Console.warn("not trusting the keystore at \(path): \(reason)")
        }
    }
}

/// `--bad-environment-reason`'s values: the two spellings of the reason for a key of the other environment.
enum BadEnvironmentReasonArgument: String, ExpressibleByArgument, CaseIterable {
    case badEnvironmentKeyInToken = "BadEnvironmentKeyInToken"
    case badEnvironmentKeyIdInToken = "BadEnvironmentKeyIdInToken"

    var reason: APNsReason { self == .badEnvironmentKeyInToken ? .badEnvironmentKeyInToken : .badEnvironmentKeyIdInToken }
}
