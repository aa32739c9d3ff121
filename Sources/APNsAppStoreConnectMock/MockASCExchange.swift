import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOHTTP1

/// One request as the routes see it: the path without its query, the query decoded, the body.
struct MockASCRequest: Sendable {
    var method: String
    var path: String
    var rawQuery: String
    var query: [(name: String, value: String)]
    var authorization: String?
    var host: String?
    var body: [UInt8]

    init(method: String, target: String, authorization: String?, host: String?, body: [UInt8]) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.first.map(String.init) ?? "/"
        self.rawQuery = parts.count > 1 ? String(parts[1]) : ""
        self.query = rawQuery.split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(halves[0]), halves.count > 1 ? Self.decode(halves[1]) : "")
        }
        self.authorization = authorization
        self.host = host
        self.body = body
    }

    init(head: HTTPRequestHead, body: [UInt8]) {
        self.init(method: head.method.rawValue, target: head.uri, authorization: head.headers["authorization"].first,
                  host: head.headers["host"].first, body: body)
    }

    /// The first value of query parameter `name`.
    func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The path's segments after `/v1`, e.g. ["bundleIds", "ABC", "bundleIdCapabilities"]; nil for another version.
    var resourcePath: [String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.first == "v1" else { return nil }
        return Array(segments.dropFirst())
    }

    /// The URL the client used to reach the server, for `links`.
    var baseURL: String { "https://" + (host ?? "127.0.0.1") }

    /// Percent-decoding with `+` as a space, as query strings are written.
    static func decode(_ part: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(part.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One answer (an Error too, so a check can return it in a Result): status, content type, body; `json` is the body as JSON (for the log), nil when it is not JSON.
struct MockASCResponse: Error, Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []
    var json: JSONValue?

    static func json(_ status: Int, _ value: JSONValue, headers: [(String, String)] = []) -> MockASCResponse {
        MockASCResponse(status: status, contentType: "application/json", body: Array(value.compactText.utf8),
                        headers: headers, json: value)
    }

    static func noContent() -> MockASCResponse {
        MockASCResponse(status: 204, contentType: "application/json", body: [], json: nil)
    }

    /// Apple's error body: `{"errors":[{"id","status","code","title","detail"}]}` (status as a string).
    static func error(_ status: Int, code: String, title: String, detail: String, source: JSONValue? = nil,
                      headers: [(String, String)] = []) -> MockASCResponse {
        var error: [String: JSONValue] = [
            "id": .string(UUID().uuidString.lowercased()), "status": .string(String(status)), "code": .string(code),
            "title": .string(title), "detail": .string(detail),
        ]
        if let source { error["source"] = source }
        return .json(status, .object(["errors": .array([.object(error)])]), headers: headers)
    }
}

/// Apple's documented errors, as the mock answers them (docs/mock.md names the mock's choices).
enum MockASCErrors {
    static func notAuthorized(_ why: String) -> MockASCResponse {
        .error(401, code: "NOT_AUTHORIZED", title: "Authentication credentials are missing or invalid.",
               detail: "Provide a properly configured and signed bearer token, and make sure that it has not expired. "
                   + "Learn more about Generating Tokens for API Requests "
                   + "https://developer.apple.com/go/?id=api-generating-tokens (\(why))")
    }

    static func forbidden(_ detail: String) -> MockASCResponse {
        .error(403, code: "FORBIDDEN_ERROR", title: "This request is forbidden for security reasons", detail: detail)
    }

    static func notFound(type: String, id: String) -> MockASCResponse {
        .error(404, code: "NOT_FOUND", title: "The specified resource does not exist",
               detail: "There is no resource of type '\(type)' with id '\(id)'")
    }

    static func noSuchPath(_ path: String) -> MockASCResponse {
        .error(404, code: "NOT_FOUND", title: "The specified resource does not exist",
               detail: "The path provided does not match a defined resource type.")
    }

    static func methodNotAllowed(_ method: String, _ type: String) -> MockASCResponse {
        .error(405, code: "METHOD_NOT_ALLOWED", title: "The request method is not valid for the resource path.",
               detail: "The request method '\(method)' is not valid for the resource path for '\(type)'.")
    }

    static func parameter(_ name: String, _ detail: String, code: String = "PARAMETER_ERROR.INVALID") -> MockASCResponse {
        .error(400, code: code, title: "A parameter has an invalid value", detail: detail,
               source: .object(["parameter": .string(name)]))
    }

    static func invalidBody(_ detail: String, pointer: String = "/data") -> MockASCResponse {
        .error(422, code: "ENTITY_UNPROCESSABLE", title: "The request entity is not valid.", detail: detail,
               source: .object(["pointer": .string(pointer)]))
    }

    static func attribute(_ detail: String, pointer: String, status: Int = 409) -> MockASCResponse {
        .error(status, code: "ENTITY_ERROR.ATTRIBUTE.INVALID", title: "An attribute value is invalid.",
               detail: detail, source: .object(["pointer": .string(pointer)]))
    }

    static func relationship(_ detail: String, pointer: String) -> MockASCResponse {
        .error(409, code: "ENTITY_ERROR.RELATIONSHIP.INVALID", title: "The provided entity includes a relationship "
                   + "with an invalid value", detail: detail, source: .object(["pointer": .string(pointer)]))
    }

    static func rateLimited(retryAfter: Int) -> MockASCResponse {
        .error(429, code: "RATE_LIMIT_EXCEEDED", title: "The request rate limit has been reached.",
               detail: "We've received too many requests for this API. Please wait and try again or slow down your "
                   + "request rate.", headers: [("retry-after", String(retryAfter))])
    }

    static func unexpected() -> MockASCResponse {
        .error(500, code: "UNEXPECTED_ERROR", title: "An unexpected error occurred.",
               detail: "An unexpected error occurred on the server side. If this issue continues, contact us at "
                   + "https://developer.apple.com/contact/.")
    }

    static func html(status: Int) -> MockASCResponse {
        let page = "<!DOCTYPE html><html><head><title>Sign in</title></head><body><h1>Sign in to continue</h1>"
            + "<p>This network requires you to sign in (an HTML fault of the local App Store Connect).</p></body></html>\n"
        return MockASCResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(page.utf8),
                               json: nil)
    }
}
