/// The two APNs environments: development (the sandbox) and production.
public enum APNsEnvironment: String, Sendable, Codable, CaseIterable {
    case development
    case production

    /// The HTTP/2 provider API host of this environment.
    public var host: String {
        switch self {
        case .development: return "api.sandbox.push.apple.com"
        case .production: return "api.push.apple.com"
        }
    }

    /// The other environment: where a token or certificate of the wrong kind belongs.
    public var other: APNsEnvironment { self == .development ? .production : .development }
}
