import APNsCore
import APNsModel

extension AppleIdentifier {
    /// Checks `value` is a valid key or team id (`what`: "key id", "team id"; `flag`: where it was given).
    /// Throws ``check(_:what:flag:)``'s ``ModelError``, which the command line words.
    public static func validate(_ value: String, what: String, flag: String) throws(ModelError) {
        try check(value, what: what, flag: flag)
    }

    /// The key id for importing `file`: ``resolveKeyID(given:file:)``; throws its ``ModelError``.
    public static func keyID(given: String?, file: String) throws(ModelError) -> String {
        try resolveKeyID(given: given, file: file)
    }
}
