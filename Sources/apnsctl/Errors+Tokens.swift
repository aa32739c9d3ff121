import APNsCore
import APNsTokens

extension TokenRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .pasteWholeToken: return "pass the whole token, as printed by \(NextStep("token", "issue"))"
        case .pasteWholeTokenParts: return "pass the whole token as printed by \(NextStep("token", "issue")) (three base64url parts)"
        case .publicKeyOrP8: return "pass the key's public PEM (\(NextStep("key", "export-public", "KEYID"))) or its .p8 file"
        }
    }
}

extension RefreshIntervalError: UserFacingError {
    /// A refused `--refresh-after` value: a usage error (exit 2).
    var presented: APNsError {
        switch self {
        case .outOfRange(let minutes):
            return .usage("--refresh-after \(minutes): must be \(RefreshInterval.minimumMinutes) to "
                          + "\(RefreshInterval.maximumMinutes) minutes", hint: Self.reason)
        case .notMinutes(let text):
            return .usage("--refresh-after \(text): not a number of minutes",
                          hint: "give whole minutes from 20 to 59, e.g. --refresh-after 50")
        }
    }
}
