import APNsCore
import APNsModel
import APNsProbe
import APNsPushRules
import Foundation
import Testing

extension AgreementTests {
    /// Issue 40 §1's last question, "would APNs take this request": one judge, the push rules. The senders' check
    /// before a canary (``CanaryCheck``: probe, `device check`, the exporter at configuration load) and the check of
    /// `payload check` and the mock (``PushRules/check(_:)`` over the same headers and payload) give every request
    /// the same verdict class.
    @Test(arguments: [
        ("com.example.app", APNsPushType.background, Outcome.accepted),
        ("com.example.app", .alert, .accepted),
        ("com.example.app.voip", .background, .refused),
        ("com.example.app.voip", .voip, .accepted),
        ("com.example.app", .voip, .refused),
        ("com.example.app.complication", .complication, .accepted),
        ("com.example.app.complication", .alert, .refused),
        ("com.example.app.push-type.liveactivity", .liveactivity, .accepted),
        ("com.example.app", .liveactivity, .refused),
    ])
    func thePushRulesJudgeEverySenderAlike(topic: String, pushType: APNsPushType, expected: Outcome) throws {
        let canary = CanaryRequest.canary(topic: topic, pushType: pushType,
                                          payload: Array(#"{"aps":{"content-available":1}}"#.utf8))
        let senders: Outcome = (try? CanaryCheck.validate(canary, topicRequired: true)) == nil ? .refused : .accepted
        var headers = [String: String]()
        for line in canary.headerLines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        let request = PushRequest(headers: headers, payload: canary.payload)
        let rules: Outcome = (try? PushRules.check(request)) == nil ? .refused : .accepted
        #expect(senders == expected, "the senders' check says \(senders.rawValue) for \(topic) \(pushType.rawValue)")
        #expect(rules == expected, "payload check's and the mock's rules say \(rules.rawValue) for \(topic) \(pushType.rawValue)")
    }
}
