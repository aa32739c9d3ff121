#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON in and out of the gateway, with FoundationEssentials' coders.
enum JSONDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(try JSONEncoder().encode(value))
    }
}
