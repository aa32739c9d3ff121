import APNsCore
@testable import APNsMock
import Foundation
import Testing

/// The `date` header and the text form of a log line.
struct LogAndDateTests {
    @Test(arguments: [
        (1_800_000_000.0, "Fri, 15 Jan 2027 08:00:00 GMT"),
        (0.0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (951_782_400.0, "Tue, 29 Feb 2000 00:00:00 GMT"),
    ])
    func httpDateIsIMFFixdate(seconds: Double, expected: String) {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func aTextLineSaysWhoWhatAndWhy() {
        let request = Fixture.canary(token: "x.y.z")
        let response = MockResponse(status: 410, reason: .unregistered, apnsID: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
                                    timestamp: 1_700_000_000_123, detail: "device token was unregistered",
                                    authentication: .token(keyID: Fixture.keyID, teamID: Fixture.teamID))
        let entry = MockLogEntry(request: request, response: response, time: Date(timeIntervalSince1970: 1_800_000_000),
                                 connection: 2, stream: 5, remote: "127.0.0.1:5000")
        #expect(entry.text == "2027-01-15T08:00:00.000Z #2/5 127.0.0.1:5000 h2 POST /3/device/\(Fixture.device) "
                + "topic=com.example.app push-type=background auth=token:KEY1234567/TEAM123456 -> 410 Unregistered "
                + "apns-id=0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0 (device token was unregistered)")
        let json = try? JSONSerialization.jsonObject(with: Data(entry.json.utf8)) as? [String: Any]
        #expect((json?["timestamp"] as? NSNumber)?.int64Value == 1_700_000_000_123)
        #expect(json?["time"] as? String == "2027-01-15T08:00:00.000Z")
        #expect(json?["device_token"] as? String == Fixture.device)
        #expect(json?["priority"] as? String == "5")
        #expect(json?["certificate_bundle_id"] is NSNull)
    }
}

/// The in-memory record is bounded; the count is not.
@Suite(.enabled(if: Curl.isAvailable, "needs /usr/bin/curl"))
struct RetentionTests {
    @Test func onlyTheLatestRequestsAreKept() async throws {
        let configuration = MockServerConfiguration(policy: Fixture.policy(), retainedRequests: 3)
        try await MockAPNsServer.running(configuration) { server, port, ca in
            let requests = (0..<5).map { index in
                Curl.post(device: Fixture.device, headers: ["apns-id": String(format: "00000000-0000-4000-8000-%012d", index)],
                          port: port)
            }
            let answers = try Curl.requests(requests, port: port, caPEM: ca)
            #expect(answers.map(\.status) == Array(repeating: 403, count: 5))
            #expect(server.requestCount == 5)
            #expect(server.receivedRequests.count == 3)
            #expect(server.receivedRequests.last?.response.apnsID == "00000000-0000-4000-8000-000000000004")
            #expect(server.logLines.count == 3)
        }
    }
}
