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

/// `apnsctl profile renew --bundle-id ID --type TYPE --out DIR [--min-days N] [--replace]`.
struct ProfileRenewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Make again the profiles of an App ID that lack aps-environment, are not ACTIVE or expire soon.",
        discussion: "Each profile of the type that lacks aps-environment (made before the App ID had Push "
            + "Notifications), is not ACTIVE, or expires within --min-days days (default 30) is made again on App "
            + "Store Connect with the same type, certificates and devices, judged as profile fetch judges it, and "
            + "written to DIR as UUID.mobileprovision. Apple refuses two profiles of one name: without --replace the "
            + "old profile stays and the new one is named \"NAME (renewed YYYY-MM-DD)\"; with --replace the old one "
            + "is deleted first and the new one keeps its name. Nothing is made while the App ID lacks Push "
            + "Notifications. Exit 0 when renewed or when nothing needed it (saying why), 1 when the judge refuses "
            + "the new profile or push is off, 3 for an unknown bundle id or no profile. See docs/provisioning.md.")

    @OptionGroup var selection: AppleProfileSelection
    var bundleID: String { selection.bundleID }
    var profileType: String { selection.profileType }
    @OptionGroup var outDirectory: OutDirectoryOption
    var out: String { outDirectory.directory }
    @OptionGroup var minimum: MinDaysOption
    @Flag(help: "Delete each old profile (first: the new one then keeps its name).")
    var replace = false
    @OptionGroup var trusted: TrustedCAOption
    @OptionGroup var asc: AppStoreConnectOptions
    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        var input = ProfileRenew.Input(bundleID: bundleID, profileType: profileType, outputDirectory: out)
        let minDays = minimum.days(default: ProfileRenewalRules.defaultMinimumDays)
        input.minimumDays = minDays
        input.replace = replace
        input.caFiles = trusted.caFiles
        input.caLabel = "--ca"
        let signer = try asc.signer(keystore: keystore)
        try signer.requireTeamKey()
        let client = asc.client(signer: signer)
        let result = try ProfileRenew.run(input, client: client)
        let report = ProfileRenewReport(result, minDays: minDays)
        try output.print(report, text: report.text)
    }
}

/// `profile renew --format json` (docs/json/profile-renew.schema.json): `bundle_id`, `type`, `renewed` (true when
/// a profile was made), `profiles[]` (`name`, `uuid`, `state`, `aps_environment`, `expires`, `reasons[]` (`code`,
/// `detail`), `new` (`name`, `uuid`, `aps_environment`, `expires`, `file`, `checks`; null), `deleted`,
/// `superseded_by` (a sound renewal already made of it; null)).
struct ProfileRenewReport: Encodable {
    var bundleID: String
    var type: String
    var renewed: Bool
    var profiles: [Profile]
    let minDays: Int

    struct Reason: Encodable { var code: String, detail: String }
    struct New: Encodable {
        var name: String
        @Nullable var uuid: String?
        @Nullable var apsEnvironment: String?
        @Nullable var expires: Date?
        var file: String
        var checks: [CertificateCheck]
        enum CodingKeys: String, CodingKey {
            case name, uuid, apsEnvironment = "aps_environment", expires, file, checks
        }
    }
    struct Profile: Encodable {
        var name: String
        @Nullable var uuid: String?
        var state: String
        @Nullable var expires: Date?
        var reasons: [Reason]
        @Nullable var new: New?
        var deleted: Bool
        @Nullable var supersededBy: String?
        enum CodingKeys: String, CodingKey {
            case name, uuid, state, expires, reasons, new, deleted, supersededBy = "superseded_by"
        }
    }

    enum CodingKeys: String, CodingKey { case bundleID = "bundle_id", type, renewed, profiles }

    init(_ result: ProfileRenew.Result, minDays: Int) {
        bundleID = result.bundleID
        type = result.profileType
        renewed = !result.nothingToDo
        self.minDays = minDays
        profiles = result.outcomes.map { outcome in
            Profile(name: outcome.old.name, uuid: outcome.old.uuid, state: outcome.old.profileState,
                    expires: outcome.old.expirationDate,
                    reasons: outcome.reasons.map { Reason(code: $0.code, detail: $0.words) },
                    new: outcome.new.flatMap { new in
                        outcome.file.map {
                            New(name: new.resource.name, uuid: new.resource.uuid, apsEnvironment: new.apsEnvironment,
                                expires: new.resource.expirationDate, file: $0, checks: new.checks)
                        }
                    },
                    deleted: outcome.deleted, supersededBy: outcome.supersededBy)
        }
    }

    var text: String {
        var lines = [String]()
        for profile in profiles {
            let why = profile.reasons.map(\.detail).joined(separator: "; ")
            if let new = profile.new {
                lines.append("\"\(profile.name)\": \(why)")
                lines.append("✔ renewed as \"\(new.name)\" (aps-environment \(new.apsEnvironment ?? "none")) → \(new.file)"
                             + (profile.deleted ? "; the old profile was deleted" : "; the old profile is kept (--replace deletes it)"))
            } else if let successor = profile.supersededBy {
                lines.append("\"\(profile.name)\": \(why); already renewed as \"\(successor)\""
                             + (profile.deleted ? ": deleted" : " (--replace deletes it)"))
            } else {
                lines.append("\"\(profile.name)\": \(profile.state), has aps-environment and at least "
                             + "\(minDays) days left: nothing to renew")
            }
        }
        return lines.joined(separator: "\n")
    }
}
