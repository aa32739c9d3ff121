import APNsCore
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The demo's broadcast channel section: create, list, broadcast to, inspect and delete a channel at the mock.
enum DemoChannels {
    static func run(_ demo: DemoRunner, port: Int, channelsPort: Int?, teamID: String, bundleID: String) {
        demo.say("\n11. Broadcast channels: one push updates every Live Activity subscribed to a channel")
        guard let channelsPort else {
            demo.record("the channel management API", passed: false, detail: "the mock serves none")
            return
        }
        let target = ["--host", "127.0.0.1", "--port", String(channelsPort), "--cacert", "mock-ca.pem",
                      "--team", teamID, "--topic", bundleID]
        let created = demo.step("create a channel (no storage for offline devices)",
                                ["channel", "create", "--storage", "none"] + target, exit: 0)
        let id = created.stdout.trimmingWhitespace()
        guard created.status == 0, !id.isEmpty else { return }
        demo.step("list the app's channels", ["channel", "list"] + target, exit: 0, mentions: id)
        demo.step("inspect it", ["channel", "inspect", id] + target, exit: 0, mentions: "storage: none")
        let token = demo.step("a provider token for the broadcast", ["token", "--team", teamID], showLines: 0, exit: 0)
        broadcast(demo, id: id, token: token.stdout.trimmingWhitespace(), port: port,
                  bundleID: bundleID)
        demo.step("the management host is healthy (read-only)", ["probe", "--channels"] + target, exit: 0)
        demo.step("delete the channel", ["channel", "delete", id] + target, exit: 0)
        demo.step("a deleted channel is gone, explained", ["channel", "inspect", id] + target,
                  exit: 1, mentions: "ChannelNotRegistered")
    }

    /// What a provider sends: `POST /4/broadcasts/apps/<bundle id>` on the push port, through apnsctl's transport.
    private static func broadcast(_ demo: DemoRunner, id: String, token: String, port: Int, bundleID: String) {
        demo.say("\n\u{2022} send a Live Activity update to the channel\n"
                 + "  POST /4/broadcasts/apps/\(bundleID) (apns-channel-id, apns-push-type: liveactivity)")
        let now = Int(Date().timeIntervalSince1970)
        let payload = Array(#"{"aps":{"timestamp":\#(now),"event":"update","content-state":{"score":"2-1"}}}"#.utf8)
        let client = ChannelClient(target: ProbeTarget(host: "127.0.0.1", port: port, environment: nil),
                                   credential: .token(token, issuedAt: nil), caFile: demo.workingDirectory + "/mock-ca.pem")
        do {
            let result = try client.send(ChannelRequest.broadcast(bundleID: bundleID, channelID: id, payload: payload),
                                         operation: "broadcast", bundleID: bundleID)
            let passed = result.status == 200
            demo.record("send a broadcast", passed: passed, detail: passed
                        ? "200, apns-request-id \(result.requestIDReturned ?? "?")" : result.verdict.summary)
            if passed { demo.say("    200 apns-request-id: \(result.requestIDReturned ?? "?")") }
        } catch {
            demo.record("send a broadcast", passed: false, detail: "\(error)")
        }
    }
}
