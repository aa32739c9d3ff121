import APNsTokens
import APNsMock
import Foundation
import Testing

/// Inbound flow control, which the mock does itself since it serves streams inline (no NIO stream multiplexer):
/// bodies larger than the connection's and a stream's 65,535-byte initial windows still arrive whole, because the
/// mock gives the window back with WINDOW_UPDATE frames.
@Suite(.enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct FlowControlTests {
    @Test func bodiesBeyondTheConnectionAndStreamWindowsArriveWhole() async throws {
        let clock = ManualClock(Date())
        try await MockAPNsServer.running(MockServerConfiguration(policy: Fixture.policy(), clock: clock)) { server, port, ca in
            let token = try Fixture.token(issuedAt: clock.now())
            let headers = ["authorization": "bearer \(token)", "apns-topic": Fixture.bundleID,
                           "apns-push-type": "background", "apns-priority": "5"]
            // Three 40,000-byte bodies on one connection need the connection window refilled; the last body, 100,000
            // bytes, needs its stream's window refilled too.
            let sizes = [40_000, 40_000, 40_000, 100_000]
            let requests = sizes.map { size in
                Curl.post(device: Fixture.device, headers: headers,
                          body: #"{"pad":""# + String(repeating: "x", count: size - 10) + #""}"#, port: port)
            }
            let responses = try Curl.requests(requests, port: port, caPEM: ca)
            #expect(responses.map(\.status) == [413, 413, 413, 413], "\(responses.map(\.stderr))")
            #expect(responses.map { $0.json?["reason"] as? String } == Array(repeating: "PayloadTooLarge", count: 4))
            #expect(responses.map(\.newConnections).reduce(0, +) == 1)
            #expect(server.receivedRequests.map(\.request.bodyLength) == sizes)
            #expect(Set(server.receivedRequests.map(\.log.connection)).count == 1)
        }
    }
}
