import APNsCore
import APNsModel

extension AppleIdentifier {
    /// Checks `value` is a valid key or team id; `what` names the flag in the error ("key id", "team id").
    /// A usage error (exit 2) says what is wrong (``check(_:what:flag:)``'s ``ModelError``, worded).
    public static func validate(_ value: String, what: String, flag: String) throws {
        do { try check(value, what: what, flag: flag) } catch { throw APNsError(error) }
    }

    /// The key id for importing `file`: ``resolveKeyID(given:file:)``, its ``ModelError`` worded as a usage error.
    public static func keyID(given: String?, file: String) throws -> String {
        do { return try resolveKeyID(given: given, file: file) } catch { throw APNsError(error) }
    }
}
