/// One push request as `payload check` and the prober see it: the headers by lowercase name and the payload's
/// bytes. No device token and no credential: what those decide is the mock's (and APNs's) business.
public struct PushRequest: Sendable, Equatable {
    /// The headers, by lowercase name (`apns-topic`, `apns-push-type`, `apns-priority`, …).
    public var headers: [String: String]
    /// The payload as sent.
    public var payload: [UInt8]

    /// A request with `headers` (names are lowercased) and `payload`.
    public init(headers: [String: String], payload: [UInt8]) {
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.payload = payload
    }

    /// The value of header `name` (lowercase).
    public func header(_ name: String) -> String? { headers[name] }
}
