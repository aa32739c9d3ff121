import APNsAppStoreConnect
import APNsCore
import APNsOperations

extension ProfileDownloadError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .unknownBundleID(let id):
            return APNsError(.badInput, "bundle id \(id): App Store Connect has no App ID with this identifier",
                             hint: "check the identifier (it is exact, case included) and the team of the --asc-key; "
                                + "register the App ID in the developer portal or through the API first")
        case .noProfile(let id, let type, let name):
            return APNsError(.badInput, "bundle id \(id): no \(type) profile" + (name.map { " named \"\($0)\"" } ?? ""),
                             hint: "list what there is with \(NextStep("profile", "list", "--bundle-id", id, carries: [.keystore, .appStoreConnect])); "
                                + "a first profile is made in the developer portal (it names the certificates and devices)")
        case .noActiveProfile(let id, let type, let names):
            return APNsError(.checkFailed, "bundle id \(id): no ACTIVE \(type) profile (INVALID: "
                                + names.joined(separator: ", ") + ")",
                             hint: "make them again with " + Self.renew(id, type))
        case .refused(let profiles):
            let list = profiles.map { "\"\($0.name)\"" + ($0.uuid.map { " (\($0))" } ?? "") + " fails its \($0.check.name) check: \($0.check.detail)" }
            let lacksPush = profiles.contains { $0.check.name == "aps_environment" && $0.pushEnabled }
            return APNsError(.checkFailed, "profile " + list.joined(separator: "; ") + "; nothing written",
                             hint: lacksPush
                                ? "the App ID has Push Notifications, but the profile predates it: renew it with \(Self.renewStep)"
                                : profiles.contains { $0.check.name == "aps_environment" }
                                ? "enable Push Notifications for the App ID, then renew the profile"
                                : profiles.contains { $0.check.name == "signature" }
                                ? "a profile of Apple's chains to Apple Root CA; for a local App Store Connect, pass its CA with --ca FILE"
                                : "renew it with \(Self.renewStep)")
        case .noContent(let name):
            return APNsError(.badInput, "profile \"\(name)\": App Store Connect gave no content",
                             hint: "ask again; if it persists, download the profile from the developer portal")
        case .pushNotEnabled(let id):
            return APNsError(.checkFailed, "bundle id \(id): the App ID does not have Push Notifications, so a new profile "
                                + "would lack aps-environment too; nothing renewed",
                             hint: "enable it first with \(NextStep("app", "push", "enable", id, carries: [.keystore, .appStoreConnect]))")
        case .unknownProfileType(let type):
            return APNsError(.usage, "--type \(type): not a profile type of App Store Connect",
                             hint: "one of " + ProfileTypeNames.all.joined(separator: ", "))
        case .replacedButNotCreated(let name, let certificates, let devices, let underlying):
            return APNsError(.checkFailed, "profile \"\(name)\" was deleted (--replace) but its new profile was not made: \(underlying)",
                             hint: "make it in the developer portal with certificates " + certificates.joined(separator: ",")
                                + (devices.isEmpty ? "" : " and devices " + devices.joined(separator: ",")))
        }
    }

    /// `profile renew` for this invocation's bundle id and type (the options it was given).
    static var renewStep: NextStep {
        let invocation = Invocation(arguments: Array(CommandLine.arguments.dropFirst()))
        let words = ProfileRenewStep.words(arguments: Array(CommandLine.arguments.dropFirst()))
        return NextStep(words: words, carries: [.keystore, .appStoreConnect, .profileCA], invocation: invocation)
    }

    static func renew(_ id: String, _ type: String) -> String {
        NextStep(words: ["profile", "renew", "--bundle-id", id, "--type", type] + ProfileRenewStep.out(Array(CommandLine.arguments.dropFirst())),
                 carries: [.keystore, .appStoreConnect, .profileCA]).description
    }
}

/// Apple's profile types, for the CLI's words.
enum ProfileTypeNames {
    static let all = AppStoreConnect.profileTypes
}

/// The words of a `profile renew` step built from the invocation's own `--bundle-id`, `--type` and `--out`.
enum ProfileRenewStep {
    static func value(_ flag: String, in arguments: [String]) -> String? {
        var found: String?
        for (index, argument) in arguments.enumerated() {
            if argument == flag, index + 1 < arguments.count { found = arguments[index + 1] }
            if argument.hasPrefix(flag + "=") { found = String(argument.dropFirst(flag.count + 1)) }
        }
        return found
    }

    static func out(_ arguments: [String]) -> [String] { ["--out", value("--out", in: arguments) ?? "."] }

    static func words(arguments: [String]) -> [String] {
        ["profile", "renew", "--bundle-id", value("--bundle-id", in: arguments) ?? "ID",
         "--type", value("--type", in: arguments) ?? "TYPE"] + out(arguments)
    }
}
