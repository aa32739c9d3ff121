#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A blocking App Store Connect API client: each call runs its requests on the caller's thread over libcurl
/// (call it from a thread that may block, never from a task of the concurrency pool that must stay free).
public struct AppStoreConnectClient: Sendable {
    public let baseURL: String
    public let caFile: String?
    public let deadline: Duration
    /// True when the token is an individual key's: a 403 is then said to be the key's kind, not its role.
    public let individualKey: Bool
    let token: @Sendable () throws -> String
    let transport: any AppStoreConnectTransport

    public init(baseURL: String = AppStoreConnect.appleBaseURL, caFile: String? = nil,
                deadline: Duration = .seconds(30), individualKey: Bool = false,
                token: @escaping @Sendable () throws -> String) {
        self.init(baseURL: baseURL, caFile: caFile, deadline: deadline, individualKey: individualKey, token: token,
                  transport: CurlAppStoreConnectTransport(caFile: caFile, deadline: deadline))
    }

    init(baseURL: String, caFile: String?, deadline: Duration, individualKey: Bool,
         token: @escaping @Sendable () throws -> String, transport: any AppStoreConnectTransport) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.caFile = caFile
        self.deadline = deadline
        self.individualKey = individualKey
        self.token = token
        self.transport = transport
    }
}
