import APNsAppStoreConnect
import APNsCore
import APNsCredentials
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl profile fetch --bundle-id ID --type TYPE --out DIR`: an App ID's profiles from App Store Connect,
/// judged before they are written.
struct ProfileFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download an App ID's provisioning profiles of one type from App Store Connect, judged first.",
        discussion: "Each ACTIVE profile of the type is judged as profile verify judges it (signature to Apple's "
            + "roots or a --ca, expiry, the aps-environment its type grants, the bundle id) and written to DIR as "
            + "UUID.mobileprovision (.provisionprofile for macOS), atomically, mode 0644. When the judge refuses "
            + "one, none is written. Exit 0 when written, 1 when the judge refuses one (or none is ACTIVE), 3 for an "
            + "unknown bundle id or no profile of the type. See docs/provisioning.md.")

    @OptionGroup var selection: AppleProfileSelection
    var bundleID: String { selection.bundleID }
    var profileType: String { selection.profileType }
    @OptionGroup var outDirectory: OutDirectoryOption
    var out: String { outDirectory.directory }
    @Option(help: ArgumentHelp("Only the profile of this name.", valueName: "NAME"))
    var name: String?
    @OptionGroup var trusted: TrustedCAOption
    @OptionGroup var asc: AppStoreConnectOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        var input = ProfileFetch.Input(bundleID: bundleID, profileType: profileType, outputDirectory: out)
        input.name = name
        input.caFiles = trusted.caFiles
        input.caLabel = "--ca"
        let signer = try asc.signer(keystore: keystore)
        try signer.requireTeamKey()
        let client = asc.client(signer: signer)
        let result = try ProfileFetch.run(input, client: client)
        let report = ProfileFetchReport(result)
        try output.print(report, text: report.text)
    }
}

/// `profile fetch --format json` (docs/json/profile-fetch.schema.json): `bundle_id`, `type`, `profiles[]` (`name`,
/// `uuid`, `state`, `aps_environment`, `expires`, `file`, `checks`), `skipped[]` (`name`, `state`).
struct ProfileFetchReport: Encodable {
    var bundleID: String
    var type: String
    var profiles: [Profile]
    var skipped: [Skipped]

    struct Profile: Encodable {
        var name: String
        @Nullable var uuid: String?
        var state: String
        @Nullable var apsEnvironment: String?
        @Nullable var expires: Date?
        var file: String
        var checks: [CertificateCheck]
        enum CodingKeys: String, CodingKey {
            case name, uuid, state, apsEnvironment = "aps_environment", expires, file, checks
        }
    }
    struct Skipped: Encodable { var name: String, state: String }

    enum CodingKeys: String, CodingKey { case bundleID = "bundle_id", type, profiles, skipped }

    init(_ result: ProfileFetch.Result) {
        bundleID = result.bundleID
        type = result.profileType
        profiles = result.written.map {
            Profile(name: $0.judged.resource.name, uuid: $0.judged.resource.uuid, state: $0.judged.resource.profileState,
                    apsEnvironment: $0.judged.apsEnvironment, expires: $0.judged.resource.expirationDate, file: $0.file,
                    checks: $0.judged.checks)
        }
        skipped = result.skipped.map { Skipped(name: $0.name, state: $0.profileState) }
    }

    var text: String {
        var lines = profiles.map {
            "✔ \($0.file): \"\($0.name)\", aps-environment \($0.apsEnvironment ?? "none")"
                + ($0.expires.map { ", until \(ISO8601Text.string(from: $0))" } ?? "")
        }
        lines += skipped.map { "skipped \"\($0.name)\": \($0.state)" }
        return lines.joined(separator: "\n")
    }
}
