#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, read and written with FoundationEssentials' `JSONDecoder` / `JSONEncoder`.
///
/// apnsctl's JSON without `JSONSerialization` and `[String: Any]`: JSONSerialization, NSNumber and NSNull are only
/// in full Foundation, which links ICU's 30 MB data table.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes` as one JSON text; nil when they are not JSON.
    public init?<Bytes: Collection>(parsing bytes: Bytes) where Bytes.Element == UInt8 {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        self = value
    }

    /// The object's members, or nil when this is not an object.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, or nil when this is not an array.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The member `key` of an object (nil for a missing member or a value that is not an object).
    public subscript(key: String) -> JSONValue? { object?[key] }

    /// The string, or nil when this is not a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as a Double, or nil when this is not a number.
    public var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The number truncated to an Int64 (as NSNumber's `int64Value` read it), or nil when this is not a number
    /// or is out of range.
    public var int64: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return value.isFinite ? Int64(exactly: value.rounded(.towardZero)) : nil
        default: return nil
        }
    }

    /// Compact JSON text with sorted keys and unescaped slashes (what the log lines use); "{}" if it cannot be encoded.
    public var compactText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension JSONValue: Codable {
    /// Every failed attempt below costs a thrown `DecodingError` (its coding path and message built), so the kinds
    /// are tried most common first: objects, then strings (a push payload is mostly those; scalars first would throw
    /// five errors per object, a fifth of the mock's CPU, docs/benchmarks.md). The
    /// kinds are disjoint in `JSONDecoder` (no conversions between them) except that an integer also decodes as a
    /// `Double`, so `Int64` stays before `Double`, and the result is the same whatever the order. A value that is
    /// none of them throws the object's error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Optional where Wrapped == String {
    /// The string, or JSON null.
    public var json: JSONValue { map(JSONValue.string) ?? .null }
}
