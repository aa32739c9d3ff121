import APNsCore
@testable import APNsProbe
import Testing

@Suite struct ProbeTargetTests {
    @Test func environmentsPickApplesHostsOn443() throws {
        let dev = try ProbeTarget.resolve(environment: .development, host: nil, port: nil)
        #expect(dev == ProbeTarget(host: "api.sandbox.push.apple.com", port: 443, environment: .development))
        let prod = try ProbeTarget.resolve(environment: .production, host: nil, port: nil)
        #expect(prod == ProbeTarget(host: "api.push.apple.com", port: 443, environment: .production))
        #expect(prod.origin == "https://api.push.apple.com:443")
    }

    @Test func noEnvironmentMeansTheSandbox() throws {
        #expect(try ProbeTarget.resolve(environment: nil, host: nil, port: nil).host == "api.sandbox.push.apple.com")
    }

    @Test func port2197IsTheAlternativeAndOthersAreRefused() throws {
        #expect(try ProbeTarget.resolve(environment: .production, host: nil, port: 2197).port == 2197)
        #expect(throws: TargetError.notAnAPNsPort(8443, hostNamed: false)) {
            try ProbeTarget.resolve(environment: .production, host: nil, port: 8443)
        }
    }

    @Test func hostOverrideNamesAnotherServer() throws {
        let mock = try ProbeTarget.resolve(environment: nil, host: "127.0.0.1", port: 8443)
        #expect(mock == ProbeTarget(host: "127.0.0.1", port: 8443, environment: nil))
        #expect(try ProbeTarget.resolve(environment: nil, host: "localhost", port: nil).port == 443)
        #expect(try ProbeTarget.resolve(environment: nil, host: "::1", port: 9).origin == "https://[::1]:9")
    }

    @Test func anAppleHostIsRecognisedAndMustAgreeWithEnv() throws {
        #expect(try ProbeTarget.resolve(environment: nil, host: "api.push.apple.com", port: nil).environment == .production)
        #expect(try ProbeTarget.resolve(environment: nil, host: "api.development.push.apple.com", port: 2197).environment
            == .development)
        #expect(throws: TargetError.hostContradictsEnvironment(host: "api.push.apple.com", known: .production,
                                                               environment: .development, channels: false)) {
            try ProbeTarget.resolve(environment: .development, host: "api.push.apple.com", port: nil)
        }
    }

    @Test(arguments: [
        ("gateway.push.apple.com", 2195, "binary provider interface", "api.push.apple.com"),
        ("gateway.sandbox.push.apple.com", 2195, "binary provider interface", "api.sandbox.push.apple.com"),
        ("feedback.push.apple.com", 2196, "feedback service", "api.push.apple.com"),
        ("feedback.sandbox.push.apple.com", 2196, "feedback service", "api.sandbox.push.apple.com"),
        ("gateway.push.apple.com", 443, "binary provider interface", "api.push.apple.com"),
        ("api.push.apple.com", 2195, "binary provider interface", "api.push.apple.com"),
    ])
    func retiredBinaryInterfaceIsAnsweredWithWhatToUse(host: String, port: Int, what: String, instead: String) {
        let error = #expect(throws: TargetError.self) { try ProbeTarget.resolve(environment: nil, host: host, port: port) }
        guard case .retired(let interface)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(interface.message.contains(what))
        #expect(interface.message.contains("retired"))
        switch interface {
        case .gateway(let env), .feedback(let env): #expect(env.host == instead)
        }
    }

    @Test func retiredPortsWithoutAHostFollowEnv() {
        #expect(throws: TargetError.retired(.feedback(.development))) {
            try ProbeTarget.resolve(environment: .development, host: nil, port: 2196)
        }
    }

    @Test func retiredPortsOnAnotherHostAreJustPorts() throws {
        #expect(try ProbeTarget.resolve(environment: nil, host: "127.0.0.1", port: 2195).port == 2195)
        #expect(RetiredInterface.recognise(host: "127.0.0.1", port: 2196) == nil)
    }

    @Test func badHostsAndPortsAreUsageErrors() {
        for (host, port) in [("", 443), ("http://x", 443), ("a b", 443), ("localhost", 0), ("localhost", 70000)] {
            #expect(throws: TargetError.self) { try ProbeTarget.resolve(environment: nil, host: host, port: port) }
        }
    }
}
