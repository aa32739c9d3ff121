import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's answers that are not a success, turned into ``AppStoreConnectError`` (Apple's "Interpreting and
/// Handling Errors" and "Identifying Rate Limits").
enum AppStoreConnectErrorMapping {
    /// A 401 whose answer's `Date` is this far from ours (either way) is put down to the clock, not the key.
    static let clockTolerance = 120

    static func error(for answer: AppStoreConnectHTTPResponse, path: String, individualKey: Bool,
                      now: Date) -> AppStoreConnectError {
        let errors = try? JSONDecoder().decode(ASCErrorDocument.self, from: Data(answer.body)).errors
        if answer.status == 429 {
            return .rateLimited(retryAfter: retryAfter(answer.headers["retry-after"], now: now), errors: errors ?? [])
        }
        guard let errors else { return notJSON(answer) }
        switch answer.status {
        case 401:
            if let skew = skew(answer.headers["date"], now: now), abs(skew) > clockTolerance {
                return .unauthorized(.clockSkew(seconds: skew), errors: errors)
            }
            return .unauthorized(.keyOrIssuer, errors: errors)
        case 403:
            let saysIndividual = errors.contains { error in
                "\(error.title) \(error.detail ?? "")".lowercased().contains("individual")
            }
            return .forbidden(individualKey || saysIndividual ? .individualKey : .role, errors: errors)
        case 404:
            return .notFound(path: path, errors: errors)
        case 409:
            return .conflict(resource: conflicting(errors) ?? path, errors: errors)
        default:
            return .rejected(status: answer.status, errors: errors)
        }
    }

    /// What a 409 conflicts with, in Apple's words: its detail, else the attribute it points at.
    static func conflicting(_ errors: [AppStoreConnectAPIError]) -> String? {
        guard let first = errors.first else { return nil }
        return first.detail ?? first.source?.pointer ?? first.source?.parameter ?? first.title
    }

    /// An answer that is not Apple's JSON: its status, content type and the start of its text, on one line.
    static func notJSON(_ answer: AppStoreConnectHTTPResponse) -> AppStoreConnectError {
        let text = String(decoding: answer.body.prefix(400), as: UTF8.self)
        let words = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " })
        let line = words.joined(separator: " ")
        return .notJSON(status: answer.status, contentType: answer.headers["content-type"],
                        excerpt: String(line.prefix(160)))
    }

    /// True when a success's body cannot be the API's JSON: a content type that is not JSON, or markup.
    static func isNotJSON(_ answer: AppStoreConnectHTTPResponse) -> Bool {
        guard !answer.body.isEmpty else { return false }
        if let type = answer.headers["content-type"]?.lowercased(), !type.contains("json") { return true }
        return answer.body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } == UInt8(ascii: "<")
    }

    /// `Retry-After`: delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
    static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingWhitespace(), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .seconds(max(0, Int((date.timeIntervalSince1970 - now.timeIntervalSince1970).rounded(.up))))
    }

    /// The server's clock minus ours, in seconds, from its `Date` header.
    static func skew(_ value: String?, now: Date) -> Int? {
        guard let value, let date = HTTPDate.parse(value.trimmingWhitespace()) else { return nil }
        return Int((date.timeIntervalSince1970 - now.timeIntervalSince1970).rounded())
    }
}
