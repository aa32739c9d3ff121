import APNsCore
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl app push`: an App ID's Push Notifications capability on App Store Connect, and the profiles that
/// carry it.
struct AppPushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Show or enable an App ID's Push Notifications on App Store Connect, with its profiles.",
        subcommands: [AppPushStatusCommand.self, AppPushEnableCommand.self]
    )
}

/// A profile on Apple's side in JSON (app push status, app push enable, profile list): `id`, `name`, `type`,
/// `state`, `uuid`, `expires`, `bundle_id`, `aps_environment` (null when its content has none).
struct ApplesProfileJSON: Encodable {
    var id: String
    var name: String
    var type: String
    var state: String
    @Nullable var uuid: String?
    @Nullable var expires: Date?
    @Nullable var bundleID: String?
    @Nullable var apsEnvironment: String?

    enum CodingKeys: String, CodingKey {
        case id, name, type, state, uuid, expires, bundleID = "bundle_id", apsEnvironment = "aps_environment"
    }

    init(_ entry: ProfileListing.Entry) {
        id = entry.id
        name = entry.name
        type = entry.type
        state = entry.state
        uuid = entry.uuid
        expires = entry.expires
        bundleID = entry.bundleID
        apsEnvironment = entry.apsEnvironment
    }
}

/// The text table of Apple's profiles: NAME, TYPE, STATE, EXPIRES, APS-ENVIRONMENT (and BUNDLE ID when asked).
enum ApplesProfileText {
    static func table(_ entries: [ProfileListing.Entry], bundleIDs: Bool = false) -> String {
        var rows = [["NAME", "TYPE", "STATE", "EXPIRES", "APS-ENVIRONMENT"] + (bundleIDs ? ["BUNDLE ID"] : [])]
        for entry in entries {
            rows.append([entry.name, entry.type, entry.state, entry.expires.map(ISO8601Text.string(from:)) ?? "-",
                         entry.apsEnvironment ?? "none"] + (bundleIDs ? [entry.bundleID ?? "-"] : []))
        }
        return KeystoreText.table(rows)
    }
}
