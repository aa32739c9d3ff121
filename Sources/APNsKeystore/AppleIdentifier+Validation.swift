import APNsCore
import APNsModel

extension AppleIdentifier {
    /// Checks `value` is a valid key or team id (`input`: where it was given).
    /// Throws ``check(_:as:)``'s ``ModelError``, which the command line words.
    public static func validate(_ value: String, as input: IdentifierInput) throws(ModelError) {
        try check(value, as: input)
    }

    /// The key id for importing `file`: ``resolveKeyID(given:file:)``; throws its ``ModelError``.
    public static func keyID(given: String?, file: String) throws(ModelError) -> String {
        try resolveKeyID(given: given, file: file)
    }
}
