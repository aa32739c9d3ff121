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

/// Everything the local App Store Connect knows, as its state file holds it (docs/mock.md, "mock asc"). Dates are
/// ISO 8601 strings; the file holds no secrets (no private key: the CA is new at every start).
struct MockASCState: Codable, Sendable, Equatable {
    var version = 1
    /// The team the bundle ids' seed id and the profiles' entitlements name.
    var teamID = MockASCState.defaultTeamID
    var bundleIds: [BundleID] = []
    var devices: [Device] = []
    var certificates: [CertificateRecord] = []
    var profiles: [Profile] = []

    static let defaultTeamID = "MOCKTEAM01"

    struct Capability: Codable, Sendable, Equatable {
        var capabilityType: String
        var settings: JSONValue?
    }

    struct BundleID: Codable, Sendable, Equatable {
        var id: String
        var identifier: String
        var name: String
        var platform: String
        var seedId: String?
        var capabilities: [Capability]?
    }

    struct Device: Codable, Sendable, Equatable {
        var id: String
        var name: String
        var udid: String
        var platform: String
        var status: String?
        var deviceClass: String?
        var model: String?
        var addedDate: String?
    }

    struct CertificateRecord: Codable, Sendable, Equatable {
        var id: String
        var name: String?
        var displayName: String?
        var certificateType: String
        var platform: String?
        var serialNumber: String?
        var expirationDate: String?
        /// The certificate, DER in base64.
        var certificateContent: String?
    }

    struct Profile: Codable, Sendable, Equatable {
        var id: String
        var name: String
        var profileType: String
        var profileState: String?
        var uuid: String?
        var createdDate: String?
        var expirationDate: String?
        var bundleIdId: String
        var certificateIds: [String]?
        var deviceIds: [String]?
        /// What the profile's entitlements carry as aps-environment (null: none), fixed when it was made.
        var apsEnvironment: String?
        /// The signed profile in base64; made (by the current CA) at start when a seeded profile has none.
        var profileContent: String?
    }

    init() {}

    /// Reads a state file written by hand or by the mock; missing keys take their defaults.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        teamID = try container.decodeIfPresent(String.self, forKey: .teamID) ?? Self.defaultTeamID
        bundleIds = try container.decodeIfPresent([BundleID].self, forKey: .bundleIds) ?? []
        devices = try container.decodeIfPresent([Device].self, forKey: .devices) ?? []
        certificates = try container.decodeIfPresent([CertificateRecord].self, forKey: .certificates) ?? []
        profiles = try container.decodeIfPresent([Profile].self, forKey: .profiles) ?? []
    }

    /// Reads `path`; an absent file is an empty state. Throws ``MockAppStoreConnectError/badState(path:reason:)``.
    static func load(_ path: String) throws -> MockASCState {
        guard access(path, F_OK) == 0 else { return MockASCState() }
        let bytes: [UInt8]
        do {
            bytes = try SecureFile.read(path, limit: 64 << 20, what: "a state file", offerStandardInput: false)
        } catch {
            throw MockAppStoreConnectError.badState(path: path, reason: "cannot read it: \(error)")
        }
        do {
            return try JSONDecoder().decode(MockASCState.self, from: Data(bytes))
        } catch {
            throw MockAppStoreConnectError.badState(path: path, reason: "not a state file: \(error)")
        }
    }

    /// Writes the state to `path` atomically (0644: it holds no secrets).
    func save(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(self)
            try SecureFile.write(Array(data) + [0x0A], to: path, mode: 0o644, overwrite: true)
        } catch {
            throw MockAppStoreConnectError.cannotWriteState(path: path, reason: "\(error)")
        }
    }
}

/// Dates as the API writes them (`2026-12-02T05:49:14Z`).
enum MockASCDate {
    static func text(_ date: Date) -> String {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)).formatted(.iso8601)
    }

    static func parse(_ text: String?) -> Date? {
        guard let text else { return nil }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}

/// Resource ids like Apple's: ten upper-case letters and digits.
enum MockASCIdentifier {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
