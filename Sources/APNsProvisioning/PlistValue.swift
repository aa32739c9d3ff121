import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// One property-list value, as Foundation's `PropertyListDecoder` reads it, in a form that can be
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

    /// Parses an XML or binary property list. Throws when it is not one.
    ///
    /// Read with FoundationEssentials' `PropertyListDecoder` (Swift), not `PropertyListSerialization`: on Linux
    /// the latter is CoreFoundation's parser bridged to Swift, and a binary property list holding a set crashed it
    /// (SIGSEGV bridging the NSSet; found by the fuzz-profile target, input kept in
    /// Tests/Fuzz/regressions/fuzz-profile/). Sets are not among the property-list types a profile uses.
    ///
    /// A binary property list can reference one object from many places (or from inside itself), so a small file
    /// can stand for a huge or endless tree (found by fuzz-profile as a 30-second timeout): reading stops past
    /// ``maximumDepth`` levels or ``maximumValues`` values in all.
    public static func parse(_ bytes: [UInt8]) throws -> PlistValue {
        let decoder = PropertyListDecoder()
        decoder.userInfo[ReadingBudget.key] = ReadingBudget(values: maximumValues)
        return try decoder.decode(PlistValue.self, from: Data(bytes))
    }

    /// Deepest nesting read (a provisioning profile nests 3 or 4 levels).
    public static let maximumDepth = 64
    /// Most values read from one property list (a profile with a hundred devices holds a few hundred).
    public static let maximumValues = 10_000

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

extension PlistValue: Decodable {
    /// Any property-list value: a dictionary, an array, or a scalar tried as each plist type in turn (a boolean
    /// before an integer, an integer before a real, a date and data before a string). A whole `<real>` therefore
    /// reads as an integer: `Decodable` does not tell them apart (profiles hold no reals).
    public init(from decoder: any Decoder) throws {
        if let budget = decoder.userInfo[ReadingBudget.key] as? ReadingBudget {
            try budget.spend(depth: decoder.codingPath.count)
        }
        if let keyed = try? decoder.container(keyedBy: PlistKey.self) {
            var entries = [String: PlistValue]()
            for key in keyed.allKeys { entries[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key) }
            self = .dictionary(entries)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items = [PlistValue]()
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(PlistValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? single.decode(Double.self) {
            self = .real(value)
        } else if let value = try? single.decode(Date.self) {
            self = .date(value)
        } else if let value = try? single.decode(Data.self) {
            self = .data([UInt8](value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// A dictionary key: any string.
    private struct PlistKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// How many more values one ``PlistValue/parse(_:)`` may read, shared by the whole decode.
final class ReadingBudget: Sendable {
    // `CodingUserInfoKey(rawValue:)` is failable in name only: it accepts every string.
    static let key: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "apnsctl.plist.budget") else {
            preconditionFailure("CodingUserInfoKey refused a plain string")
        }
        return key
    }()
    private let remaining: Mutex<Int>

    init(values: Int) { remaining = Mutex(values) }

    /// Counts one value at `depth`; throws past either bound.
    func spend(depth: Int) throws {
        guard depth <= PlistValue.maximumDepth else {
            throw ProfileError("the property list nests deeper than \(PlistValue.maximumDepth) levels",
                               hint: "a provisioning profile nests a few levels; this file was made to look like one")
        }
        let left = remaining.withLock { count in
            count -= 1
            return count
        }
        guard left >= 0 else {
            throw ProfileError("the property list holds more than \(PlistValue.maximumValues) values",
                               hint: "a provisioning profile holds a few hundred; this file was made to look like one")
        }
    }
}
