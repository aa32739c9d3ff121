import APNsAppStoreConnect
import APNsCore
import APNsKeystore
import APNsModel
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `app check --apple`: Apple's side (App Store Connect) joins the rows. `--cacert` is the one `--probe` takes
/// (a PEM file may hold both servers' CAs).
struct AppCheckAppleOptions: ParsableArguments {
    @Flag(help: "Ask App Store Connect too: the App ID, its Push Notifications capability and Apple's profiles.")
    var apple = false
    /// With --apple: the App Store Connect API key and server.
    @OptionGroup var server: AppStoreConnectServerOptions

    func validate() throws {
        if !apple, server.isGiven { throw ValidationError("--asc-key and --asc-url go with --apple") }
    }

    /// Apple's side of `bundleID`, through the keystore's App Store Connect key.
    func facts(bundleID: String, keystore: KeystoreOptions, secrets: SecretOptions, caFile: String?) throws
        -> AppleSide.Facts {
        let signer = try AppStoreConnectKeyAccess.signer(keystore: keystore.open(secrets: secrets), keyID: server.keyID)
        try signer.requireTeamKey()
        let client = AppStoreConnectClient(baseURL: server.baseURL, caFile: caFile,
                                           individualKey: signer.isIndividual, token: { try signer.token() })
        return try AppleSide.read(bundleID: bundleID, client: client)
    }

    /// A finding in words, with the step that fixes it (built from this invocation's options).
    static func words(_ finding: AppleSide.Finding, bundleID: String, profileFiles: [String]) -> String {
        switch finding {
        case .noAppID(let id):
            return "Apple's side: App Store Connect has no App ID \(id); register it in the developer portal"
        case .pushDisabled(let id):
            return "Apple's side: the App ID \(id) does not have Push Notifications: enable it with "
                + "\(NextStep("app", "push", "enable", id, carries: [.keystore, .appStoreConnect])), then renew its profiles"
        case .predatesPush(let profile):
            return "the App ID has Push Notifications, but profile \"\(profile.name)\""
                + (profile.createdAt.map { " (created \(ISO8601Text.string(from: $0)))" } ?? "")
                + " predates it: renew it with \(renew(profile, bundleID: bundleID, profileFiles: profileFiles))"
        case .unusable(let profile):
            let why = profile.state != "ACTIVE" ? "is \(profile.state)"
                : profile.expiresAt.map { "expired on \(ISO8601Text.string(from: $0))" } ?? "cannot be used"
            return "Apple's profile \"\(profile.name)\" \(why): renew it with \(renew(profile, bundleID: bundleID, profileFiles: profileFiles))"
        }
    }

    /// `profile renew` for the profile's App ID and type, into the directory of the first `--profile` given (else
    /// the current one), with this invocation's keystore, App Store Connect and CA options.
    static func renew(_ profile: AppleSide.Profile, bundleID: String, profileFiles: [String]) -> NextStep {
        let directory = profileFiles.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "."
        return NextStep("profile", "renew", "--bundle-id", bundleID, "--type", profile.profileType, "--out", directory,
                        carries: [.keystore, .appStoreConnect, .profileCA])
    }
}

/// `app check --format json`'s `apple` (null without --apple): `app_id_found`, `push_enabled`, `profiles[]`
/// (`name`, `type`, `state`, `uuid`, `created`, `expires`, `aps_environment`).
struct AppCheckAppleReport: Encodable {
    var appIDFound: Bool
    var pushEnabled: Bool
    var profiles: [Profile]

    struct Profile: Encodable {
        var name: String, type: String, state: String
        @Nullable var uuid: String?
        @Nullable var created: Date?
        @Nullable var expires: Date?
        @Nullable var apsEnvironment: String?
        enum CodingKeys: String, CodingKey {
            case name, type, state, uuid, created, expires, apsEnvironment = "aps_environment"
        }
    }

    enum CodingKeys: String, CodingKey { case appIDFound = "app_id_found", pushEnabled = "push_enabled", profiles }

    init(_ facts: AppleSide.Facts) {
        appIDFound = facts.appIDFound
        pushEnabled = facts.pushEnabled
        profiles = facts.profiles.map {
            Profile(name: $0.name, type: $0.profileType, state: $0.state, uuid: $0.uuid, created: $0.createdAt,
                    expires: $0.expiresAt, apsEnvironment: $0.apsEnvironment)
        }
    }

    /// One line for the text output.
    var text: String {
        guard appIDFound else { return "Apple: no App ID" }
        return "Apple: App ID found, Push Notifications " + (pushEnabled ? "on" : "off") + ", "
            + Wording.count(profiles.count, "profile") + (profiles.isEmpty ? "" : " ("
            + profiles.map { "\"\($0.name)\" \($0.type) \($0.state), aps-environment \($0.apsEnvironment ?? "none")" }
                .joined(separator: "; ") + ")")
    }
}
