import APNsCore
import APNsModel

extension ModelError: UserFacingError {
    /// A refused identifier, key scope or device token: a usage error (exit 2) naming the flag and what is wrong.
    var presented: APNsError {
        switch self {
        case .invalidIdentifier(let value, let input):
            return .usage(
                "\(input.flag) \(value): not a valid \(input.what) (10 characters, A–Z and 0–9)",
                hint: input == .team ? "your team id is shown in Apple's developer account, under Membership"
                                        : "the key id is the 10 characters in AuthKey_KEYID.p8")
        case .keyIDContradictsFileName(let given, let file, let fromName):
            return .usage("--key-id \(given) contradicts the file name \(file) (key id \(fromName))",
                          hint: "leave --key-id out, or rename the file")
        case .keyIDNotInFileName(let file):
            return .usage("\(file): the key id is not in the file name (AuthKey_KEYID.p8)",
                          hint: "pass --key-id KEYID (10 characters, shown in Apple's developer account)")
        case .unsoundScope(let message, let remedy):
            return .usage(message, hint: remedy.words)
        case .emptyDeviceToken:
            return .usage("--device-token is empty", hint: "pass the token the app logged, in hex")
        case .deviceTokenNotHex(let text):
            return .usage("--device-token \(text): not hexadecimal",
                          hint: "the app gets it with deviceToken.map { String(format: \"%02x\", $0) }.joined()")
        case .deviceTokenLength(let text, let digits):
            return .usage("--device-token \(text): \(digits) hex digits is not a whole device token",
                          hint: "device tokens are usually 64 hex digits (32 bytes)")
        }
    }
}

extension IdentifierInput {
    /// The option or argument that gives this input.
    var flag: String {
        switch self {
        case .team: return "--team"
        case .keyID: return "--key-id"
        case .rotationTarget: return "--to-key"
        case .keyIDArgument: return "KEYID"
        }
    }
}

extension ScopeRemedy {
    /// The remedy as `key import`/`key scope` show it, naming their options.
    var words: String {
        switch self {
        case .giveEnvironment: return "pass --env development, production or both"
        case .chooseOneEnvironment:
            return "Apple's portal makes a topic-specific key for Sandbox or Production: "
                + "pass --env development or --env production"
        case .giveTopics: return "pass --topics com.example.app[,…]"
        case .relatedKeyNeedsTopics: return "give --related-key with --topics, or leave it out for a team-scoped key"
        case .splitTopics, .topicIsABundleID, .listTopicsOnce, .keyIDFormat: return description
        }
    }
}
