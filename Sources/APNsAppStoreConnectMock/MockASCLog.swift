import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

/// The exchange log: JSON Lines, one object per request and its answer — `method`, `path`, `query` (an object of
/// the decoded parameters), `request_body` and `response_body` (parsed JSON, or null when empty or not JSON),
/// `status`, `content_type`. Appended as each answer is made.
final class MockASCLog: Sendable {
    private let descriptor: NIOLockedValueBox<Int32>

    init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw MockAppStoreConnectError.cannotOpenLog(path: path, reason: String(cString: strerror(errno)))
        }
        descriptor = NIOLockedValueBox(fd)
    }

    deinit {
        descriptor.withLockedValue { _ = close($0) }
    }

    static func line(_ request: MockASCRequest, _ response: MockASCResponse) -> String {
        var query: [String: JSONValue] = [:]
        for parameter in request.query { query[parameter.name] = .string(parameter.value) }
        let entry: JSONValue = .object([
            "method": .string(request.method), "path": .string(request.path), "query": .object(query),
            "request_body": JSONValue(parsing: request.body) ?? .null, "status": .integer(Int64(response.status)),
            "response_body": response.json ?? .null, "content_type": .string(response.contentType),
        ])
        return entry.compactText + "\n"
    }

    func record(_ request: MockASCRequest, _ response: MockASCResponse) {
        let bytes = Array(Self.line(request, response).utf8)
        descriptor.withLockedValue { fd in
            var written = 0
            while written < bytes.count {
                let result = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return }
                written += result
            }
        }
    }
}
