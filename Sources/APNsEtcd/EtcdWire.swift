#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The JSON shapes of etcd's gateway to its v3 API (etcd's api/etcdserverpb/rpc.proto, as grpc-gateway renders
// it): bytes as base64, int64 as decimal strings, fields at their default value (0, false, empty) left out.
// Internal: the public types are the ones in EtcdKeyValue.swift and beside it.

/// An int64 the gateway writes as a string ("42"); a plain JSON number is accepted too.
struct WireInt64: Codable, Sendable, Equatable {
    var value: Int64
    init(_ value: Int64) { self.value = value }
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            // uint64 fields (member IDs) come the same way and may pass Int64.max: keep their bits.
            guard let number = Int64(text) ?? UInt64(text).map(Int64.init(bitPattern:)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an integer: \(text)"))
            }
            value = number
        } else {
            value = try container.decode(Int64.self)
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

/// Bytes the gateway carries as standard base64.
struct WireBytes: Codable, Sendable, Equatable {
    var bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    init(_ text: String) { self.bytes = Array(text.utf8) }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not base64"))
        }
        bytes = Array(data)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(bytes).base64EncodedString())
    }
}

struct WireHeader: Codable, Sendable {
    var member_id: WireInt64?
    var revision: WireInt64?
    var raft_term: WireInt64?
}

struct WireKeyValue: Codable, Sendable {
    var key: WireBytes?
    var create_revision: WireInt64?
    var mod_revision: WireInt64?
    var version: WireInt64?
    var value: WireBytes?
    var lease: WireInt64?
}

struct WireRangeRequest: Codable, Sendable {
    var key: WireBytes
    var range_end: WireBytes?
    var revision: WireInt64?
    var limit: WireInt64?
}

struct WireRangeResponse: Codable, Sendable {
    var header: WireHeader?
    var kvs: [WireKeyValue]?
    var more: Bool?
    var count: WireInt64?
}

struct WirePutRequest: Codable, Sendable {
    var key: WireBytes
    var value: WireBytes
    var lease: WireInt64?
}

struct WirePutResponse: Codable, Sendable {
    var header: WireHeader?
}

struct WireDeleteRequest: Codable, Sendable {
    var key: WireBytes
    var range_end: WireBytes?
}

struct WireDeleteResponse: Codable, Sendable {
    var header: WireHeader?
    var deleted: WireInt64?
}

struct WireCompare: Codable, Sendable {
    var key: WireBytes
    var range_end: WireBytes?
    var target: String
    var result: String
    var version: WireInt64?
    var create_revision: WireInt64?
    var mod_revision: WireInt64?
    var value: WireBytes?
    var lease: WireInt64?
}

struct WireRequestOp: Codable, Sendable {
    var request_range: WireRangeRequest?
    var request_put: WirePutRequest?
    var request_delete_range: WireDeleteRequest?
}

struct WireResponseOp: Codable, Sendable {
    var response_range: WireRangeResponse?
    var response_put: WirePutResponse?
    var response_delete_range: WireDeleteResponse?
}

struct WireTxnRequest: Codable, Sendable {
    var compare: [WireCompare]
    var success: [WireRequestOp]
    var failure: [WireRequestOp]
}

struct WireTxnResponse: Codable, Sendable {
    var header: WireHeader?
    var succeeded: Bool?
    var responses: [WireResponseOp]?
}

struct WireLeaseGrantRequest: Codable, Sendable {
    var TTL: WireInt64
    var ID: WireInt64?
}

struct WireLeaseResponse: Codable, Sendable {
    var header: WireHeader?
    var ID: WireInt64?
    var TTL: WireInt64?
    var error: String?
}

struct WireLeaseID: Codable, Sendable {
    var ID: WireInt64
}

/// `/v3/lease/keepalive` answers like a stream: one `{"result": …}` object.
struct WireKeepAliveResponse: Codable, Sendable {
    var result: WireLeaseResponse?
}

struct WireAuthenticateRequest: Codable, Sendable {
    var name: String
    var password: String
}

struct WireAuthenticateResponse: Codable, Sendable {
    var header: WireHeader?
    var token: String?
}

struct WireLockRequest: Codable, Sendable {
    var name: WireBytes
    var lease: WireInt64
}

struct WireLockResponse: Codable, Sendable {
    var header: WireHeader?
    var key: WireBytes?
}

struct WireUnlockRequest: Codable, Sendable {
    var key: WireBytes
}

struct WireStatusResponse: Codable, Sendable {
    var header: WireHeader?
    var version: String?
    var leader: WireInt64?
    var raftTerm: WireInt64?
    var raftIndex: WireInt64?
}

extension WireStatusResponse {
    /// Whether a status answer names a leader, read from its `"leader":` field's digits without decoding the rest
    /// (a watch's liveness check reads one every 2 s): false for `0`, true for any other member ID; nil when the
    /// field is absent or not a plain number (decode the answer instead).
    static func knowsLeader(_ body: [UInt8]) -> Bool? {
        let key = Array(#""leader":"#.utf8)
        guard body.count > key.count,
              let start = (0...(body.count - key.count)).first(where: { body[$0..<($0 + key.count)].elementsEqual(key) })
        else { return nil }
        var index = start + key.count
        while index < body.count, body[index] == UInt8(ascii: " ") { index += 1 }
        let quoted = index < body.count && body[index] == UInt8(ascii: "\"")
        if quoted { index += 1 }
        let digits = body[index...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let end = index + digits.count
        guard !digits.isEmpty, digits.count <= 20, !quoted || (end < body.count && body[end] == UInt8(ascii: "\"")) else {
            return nil
        }
        return digits.contains { $0 != UInt8(ascii: "0") }
    }
}

struct WireEmpty: Codable, Sendable {}

struct WireWatchCreate: Codable, Sendable {
    var key: WireBytes
    var range_end: WireBytes?
    var start_revision: WireInt64?
}

struct WireWatchRequest: Codable, Sendable {
    var create_request: WireWatchCreate
}

struct WireEvent: Codable, Sendable {
    var type: String?
    var kv: WireKeyValue?
}

struct WireWatchResponse: Codable, Sendable {
    var header: WireHeader?
    var watch_id: WireInt64?
    var created: Bool?
    var canceled: Bool?
    var compact_revision: WireInt64?
    var cancel_reason: String?
    var events: [WireEvent]?
}

/// One object of the watch stream: a result, or an error that ends the stream.
struct WireWatchStreamItem: Codable, Sendable {
    var result: WireWatchResponse?
    var error: WireGatewayError?
}

/// What the gateway answers instead of a result: the gRPC status code and its message.
struct WireGatewayError: Codable, Sendable {
    var error: String?
    var message: String?
    var code: Int?
    /// Some gateway versions call the code `grpc_code` inside a stream.
    var grpc_code: Int?
    var http_code: Int?
}

/// The smallest key after every key that starts with `prefix`: etcd's `range_end` for a prefix (all keys when
/// the prefix is empty or all 0xff).
func prefixRangeEnd(_ prefix: [UInt8]) -> [UInt8] {
    var end = prefix
    while let last = end.last {
        if last < 0xff {
            end[end.count - 1] = last + 1
            return end
        }
        end.removeLast()
    }
    return [0]
}
