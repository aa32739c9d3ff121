import APNsCore

/// What to do about a token or a verifying key that could not be read; the CLI words each.
public enum TokenRemedy: Remedy, Equatable {
    /// The text is not a whole JWT: pass it as the token verb prints it.
    case pasteWholeToken
    /// A part of the JWT does not decode: pass the whole token, three base64url parts.
    case pasteWholeTokenParts
    /// The verifying key is neither a public PEM nor a .p8 file.
    case publicKeyOrP8
}
