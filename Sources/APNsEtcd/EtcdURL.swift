import APNsCore

/// A fleet keystore address: `etcd://HOST:PORT[,HOST:PORT…]/PREFIX`.
///
/// Several members are separated by commas; an IPv6 literal is written in brackets (`[::1]:2379`); a member
/// without a port uses etcd's default client port 2379. The prefix is the URL's path and is required: every key
/// apnsctl writes lives under it (`etcd://127.0.0.1:2379/apnsctl/prod` → keys under `/apnsctl/prod/`). It may
/// have several segments but no empty one, no trailing slash, no query and no fragment.
public struct EtcdURL: Sendable, Equatable, CustomStringConvertible {
    /// etcd's default client port, used for a member written without one.
    public static let defaultPort = 2379

    /// The members, in the order written: the client tries them in this order.
    public var endpoints: [EtcdEndpoint]
    /// The key prefix, starting with `/` and without a trailing slash (`/apnsctl/prod`).
    public var prefix: String

    public init(endpoints: [EtcdEndpoint], prefix: String) {
        self.endpoints = endpoints
        self.prefix = prefix
    }

    /// Whether `text` is meant as an etcd keystore (it starts with `etcd://`), as opposed to a directory path.
    public static func isEtcd(_ text: String) -> Bool { text.lowercased().hasPrefix("etcd://") }

    /// Parses `text`; a malformed address is a usage error (exit 2) saying what is wrong, with a hint.
    public init(parsing text: String) throws {
        let example = "write it as etcd://HOST:PORT[,HOST:PORT…]/PREFIX, e.g. etcd://127.0.0.1:2379/apnsctl"
        func bad(_ what: String) -> APNsError { .usage("keystore address \(text): \(what)", hint: example) }
        guard Self.isEtcd(text) else { throw bad("not an etcd:// address") }
        let rest = text.dropFirst("etcd://".count)
        if rest.contains("?") || rest.contains("#") { throw bad("a query or fragment is not allowed") }
        if rest.contains("@") { throw bad("no user or password in the address (pass the password from a file or the environment)") }
        guard let slash = rest.firstIndex(of: "/") else { throw bad("the key prefix is missing (the path after the members)") }
        let authority = rest[..<slash]
        let path = String(rest[slash...])
        if authority.isEmpty { throw bad("no etcd member before the prefix") }
        if path == "/" { throw bad("the key prefix is empty") }
        if path.hasSuffix("/") { throw bad("the key prefix ends with a slash") }
        if path.contains("//") { throw bad("the key prefix has an empty segment (//)") }
        var endpoints: [EtcdEndpoint] = []
        for member in authority.split(separator: ",", omittingEmptySubsequences: false) {
            let endpoint = try Self.endpoint(String(member), bad: bad)
            if endpoints.contains(endpoint) { throw bad("member \(endpoint) is listed twice") }
            endpoints.append(endpoint)
        }
        self.init(endpoints: endpoints, prefix: path)
    }

    private static func endpoint(_ member: String, bad: (String) -> APNsError) throws -> EtcdEndpoint {
        if member.isEmpty { throw bad("an empty member between commas") }
        let host: String
        var portText: Substring? = nil
        if member.hasPrefix("[") {
            guard let close = member.firstIndex(of: "]") else { throw bad("member \(member): unclosed [ in an IPv6 address") }
            host = String(member[member.index(after: member.startIndex)..<close])
            let after = member[member.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw bad("member \(member): expected :PORT after ]") }
                portText = after.dropFirst()
            }
            if host.isEmpty || !host.contains(":") { throw bad("member \(member): not an IPv6 address in brackets") }
        } else {
            let parts = member.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count > 2 { throw bad("member \(member): an IPv6 address must be written in brackets, [::1]:2379") }
            host = String(parts[0])
            if parts.count == 2 { portText = parts[1] }
            if host.isEmpty { throw bad("member \(member): the host is empty") }
            let allowed = host.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
            if !allowed { throw bad("member \(member): \(host) is not a host name or IP address") }
        }
        var port = defaultPort
        if let portText {
            guard portText.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(portText), (1...65535).contains(value) else {
                throw bad("member \(member): port \(portText.isEmpty ? "is empty" : "\(portText) is not 1-65535")")
            }
            port = value
        }
        return EtcdEndpoint(host: host, port: port)
    }

    /// The full key for `components` under the prefix: `key("tokens", "TEAM")` → `/apnsctl/tokens/TEAM`.
    public func key(_ components: String...) -> String {
        ([prefix] + components).joined(separator: "/")
    }

    /// The address as written back: `etcd://HOST:PORT,…/PREFIX`.
    public var description: String {
        "etcd://" + endpoints.map(\.description).joined(separator: ",") + prefix
    }
}
