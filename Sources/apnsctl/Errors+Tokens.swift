import APNsCore
import APNsTokens

extension TokenRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .pasteWholeToken: return "pass the whole token, as printed by `apnsctl token`"
        case .pasteWholeTokenParts: return "pass the whole token as printed by `apnsctl token` (three base64url parts)"
        case .publicKeyOrP8: return "pass the key's public PEM (`apnsctl key export-public`) or its .p8 file"
        }
    }
}
