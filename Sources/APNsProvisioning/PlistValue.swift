import APNsCore
import Foundation

/// One property-list value, as Foundation's `PropertyListSerialization` reads it, in a form that can be
/// compared, rendered as text and encoded as JSON (dates as ISO 8601 UTC, data as base64).
public enum PlistValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Parses an XML or binary property list. Throws when Foundation cannot read it.
    public static func parse(_ bytes: [UInt8]) throws -> PlistValue {
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        return PlistValue(foundation: object)
    }

    /// Converts what `PropertyListSerialization` returns (on Linux: native Bool, String, Date, Data, arrays,
    /// dictionaries keyed by String or AnyHashable, and NSNumber for integers and reals).
    init(foundation object: Any) {
        switch object {
        case let value as String:
            self = .string(value)
        case let value as Date:
            self = .date(value)
        case let value as Data:
            self = .data([UInt8](value))
        case let value as [Any]:
            self = .array(value.map(PlistValue.init(foundation:)))
        case let value as [String: Any]:
            self = .dictionary(value.mapValues(PlistValue.init(foundation:)))
        case let value as [AnyHashable: Any]:
            var entries = [String: PlistValue]()
            for (key, item) in value { entries[String(describing: key.base)] = PlistValue(foundation: item) }
            self = .dictionary(entries)
        default:
            if type(of: object) == Bool.self, let value = object as? Bool {
                self = .bool(value)
            } else if let number = object as? NSNumber {
                self = Self.number(number)
            } else {
                self = .string(String(describing: object))
            }
        }
    }

    /// Integers and reals (booleans arrive as Swift `Bool`, handled before).
    private static func number(_ number: NSNumber) -> PlistValue {
        switch String(cString: number.objCType) {
        case "d", "f": return .real(number.doubleValue)
        default: return .integer(number.intValue)
        }
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is one.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The date, when this is one.
    public var date: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, when this is a dictionary.
    public var dictionary: [String: PlistValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The strings of an array of strings (other elements skipped); a lone string as a one-element list.
    public var strings: [String]? {
        if case .string(let value) = self { return [value] }
        return array?.compactMap(\.string)
    }

    /// A one-line rendering for text output: strings bare, arrays `[a, b]`, dictionaries `{k: v}`.
    public var text: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .date(let value): return ProfileDates.iso(value)
        case .data(let value): return "<\(value.count) bytes>"
        case .array(let value): return "[" + value.map(\.text).joined(separator: ", ") + "]"
        case .dictionary(let value):
            return "{" + value.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text)" }
                .joined(separator: ", ") + "}"
        }
    }
}

extension PlistValue: Encodable {
    /// JSON: strings, numbers, booleans as themselves; dates ISO 8601 UTC; data base64; arrays and objects.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .date(let value): try container.encode(ProfileDates.iso(value))
        case .data(let value): try container.encode(Data(value).base64EncodedString())
        case .array(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        }
    }
}

/// Dates as the certificate commands print them: ISO 8601 UTC `YYYY-MM-DDTHH:MM:SSZ`, days left by whole days.
public enum ProfileDates {
    /// `2026-01-31T12:00:00Z`.
    public static func iso(_ date: Date) -> String {
        ISO8601Text.string(from: date)
    }

    /// Whole days from `now` to `date`, rounded down; negative once `date` has passed.
    public static func daysLeft(until date: Date, now: Date) -> Int {
        Int((date.timeIntervalSince(now) / 86_400).rounded(.down))
    }
}
