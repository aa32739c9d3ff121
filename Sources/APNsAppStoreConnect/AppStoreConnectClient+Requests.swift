#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppStoreConnectClient {
    /// The most pages one listing follows (200 resources a page): a `links.next` chain longer than this is a loop.
    static let pageLimit = 500

    /// GET `path` (with `query`) and every page its `links.next` leads to, as one list of resources.
    func list<Attributes: Decodable>(_ path: String, query: [(String, String)] = [],
                                     as _: Attributes.Type) throws -> [ASCResource<Attributes>] {
        var url = Self.url(baseURL + path, query: query)
        var resources: [ASCResource<Attributes>] = []
        var seen: Set<String> = []
        while true {
            seen.insert(url)
            let page = try decode(ASCDocument<[ASCResource<Attributes>]>.self,
                                  from: try send("GET", url, body: nil), path: path)
            resources += page.data
            guard let next = page.links?.next, !next.isEmpty else { return resources }
            let nextURL = try followable(next, path: path)
            guard !seen.contains(nextURL), seen.count < Self.pageLimit else {
                throw AppStoreConnectError.malformed(path: path, detail: "links.next leads back to a page already read")
            }
            url = nextURL
        }
    }

    /// GET one resource.
    func one<Attributes: Decodable>(_ path: String, query: [(String, String)] = [],
                                    as _: Attributes.Type) throws -> ASCResource<Attributes> {
        let body = try send("GET", Self.url(baseURL + path, query: query), body: nil)
        return try decode(ASCDocument<ASCResource<Attributes>>.self, from: body, path: path).data
    }

    /// POST a create request and read the resource it made.
    func create<Body: Encodable, Attributes: Decodable>(_ path: String, _ request: Body,
                                                       as _: Attributes.Type) throws -> ASCResource<Attributes> {
        let bytes: [UInt8]
        do {
            bytes = Array(try JSONEncoder().encode(request))
        } catch {
            throw AppStoreConnectError.malformed(path: path, detail: "the request could not be encoded: \(error)")
        }
        let body = try send("POST", baseURL + path, body: bytes)
        return try decode(ASCDocument<ASCResource<Attributes>>.self, from: body, path: path).data
    }

    /// DELETE a resource (204, no body).
    func remove(_ path: String) throws {
        _ = try send("DELETE", baseURL + path, body: nil)
    }

    /// Sends one request with a fresh token; a 429 is sent again after its Retry-After, at most
    /// ``AppStoreConnect/rateLimitRetries`` times. Returns a 2xx answer's body; anything else is thrown typed.
    func send(_ method: String, _ url: String, body: [UInt8]?) throws -> [UInt8] {
        guard url.lowercased().hasPrefix("https://") else { throw AppStoreConnectError.badURL(url) }
        var attempt = 0
        while true {
            var headers = ["Authorization: Bearer \(try token())", "Accept: application/json"]
            if body != nil { headers.append("Content-Type: application/json") }
            let request = AppStoreConnectHTTPRequest(method: method, url: url, headers: headers, body: body)
            let answer = try transport.send(request)
            if (200..<300).contains(answer.status) {
                if AppStoreConnectErrorMapping.isNotJSON(answer) { throw AppStoreConnectErrorMapping.notJSON(answer) }
                return answer.body
            }
            let failure = AppStoreConnectErrorMapping.error(for: answer, path: Self.path(of: url),
                                                            individualKey: individualKey, now: Date())
            if case .rateLimited(let wait, _) = failure, attempt < AppStoreConnect.rateLimitRetries,
               let pause = Self.retryPause(wait, deadline: deadline) {
                attempt += 1
                transport.pause(pause)
                continue
            }
            throw failure
        }
    }

    /// How long to wait before sending a 429'd request again: the server's Retry-After (a second when it gave
    /// none); nil when that is longer than the request's deadline, so the caller learns the wait at once.
    static func retryPause(_ retryAfter: Duration?, deadline: Duration) -> Duration? {
        let wait = retryAfter ?? .seconds(1)
        return wait <= deadline ? wait : nil
    }

    func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], path: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw AppStoreConnectError.malformed(path: path, detail: "not the document the API defines (\(error))")
        }
    }

    /// A `links.next` the client may follow: on the same server (the token goes nowhere else).
    func followable(_ next: String, path: String) throws -> String {
        if next.hasPrefix("/") { return baseURL + next }
        guard next.lowercased().hasPrefix(baseURL.lowercased() + "/") else {
            throw AppStoreConnectError.malformed(path: path, detail: "links.next points at another server: \(next)")
        }
        return next
    }

    static func url(_ base: String, query: [(String, String)]) -> String {
        guard !query.isEmpty else { return base }
        return base + "?" + query.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// The path of a URL (for error messages): what follows the host, without the query.
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = url.firstRange(of: "://") { rest = url[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        let path = rest[slash...]
        return String(path.prefix { $0 != "?" })
    }

    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: ","):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return out
    }
}
