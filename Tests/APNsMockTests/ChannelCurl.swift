import Foundation

/// curl arguments for the broadcast channel management API and broadcast pushes.
enum ChannelCurl {
    /// `method` on `/1/apps/<bundle>/<resource>` of the channels listener, with headers and an optional body.
    static func manage(_ method: String, bundleID: String = Fixture.bundleID, resource: String = "channels",
                       headers: [String: String], body: String? = nil, port: Int) -> [String] {
        var arguments = ["-X", method]
        if let body { arguments += ["--data-binary", body] }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        return arguments + ["https://127.0.0.1:\(port)/1/apps/\(bundleID)/\(resource)"]
    }

    /// A channel-creating POST body.
    static func createBody(storage: Int = 1) -> String {
        #"{"message-storage-policy":\#(storage),"push-type":"LiveActivity"}"#
    }

    /// A broadcast push: `POST /4/broadcasts/apps/<bundle>` on the push listener.
    static func broadcast(bundleID: String = Fixture.bundleID, headers: [String: String],
                          body: String = liveActivityPayload, method: String = "POST", port: Int) -> [String] {
        var arguments = ["-X", method, "--data-binary", body]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        return arguments + ["https://127.0.0.1:\(port)/4/broadcasts/apps/\(bundleID)"]
    }

    static let liveActivityPayload =
        #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"score":"1-0"}}}"#
}
