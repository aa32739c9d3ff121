/// Which APNs the mock plays: the sandbox (`development`) or `production`.
public enum APNsEnvironment: String, Sendable, CaseIterable, Codable {
    case development
    case production
}
