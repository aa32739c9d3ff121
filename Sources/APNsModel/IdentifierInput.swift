/// Which input gave an identifier that was refused: the command line names the option or argument for it.
public enum IdentifierInput: Sendable, Equatable {
    /// The team id of a key or a token.
    case team
    /// The key id of a key being imported, generated or used to sign.
    case keyID
    /// A key id to rotate to.
    case rotationTarget
    /// A key id naming a key already in the keystore (a verb's argument).
    case keyIDArgument

    /// "team id" or "key id".
    public var what: String { self == .team ? "team id" : "key id" }
}
