#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's 10-character key and team identifiers: `[A-Z0-9]{10}`.
public enum AppleIdentifier {
    /// Checks `value` is a valid key or team id; `input` says which input gave it, for the error.
    public static func check(_ value: String, as input: IdentifierInput) throws(ModelError) {
        guard isValid(value) else {
            throw .invalidIdentifier(value: value, input: input)
        }
    }

    /// True for exactly 10 characters from A–Z and 0–9.
    public static func isValid(_ value: String) -> Bool {
        value.utf8.count == 10 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }

    /// The key id in Apple's file name `AuthKey_<KEYID>.p8`, if the name has that form. A browser's mark of a
    /// second download is allowed after the id: `AuthKey_KEYID (1).p8` (Chrome), `AuthKey_KEYID(1).p8`
    /// (Firefox), `AuthKey_KEYID-1.p8` (Safari).
    public static func keyID(fromFileName path: String) -> String? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard name.hasPrefix("AuthKey_"), name.hasSuffix(".p8") else { return nil }
        let stem = name.dropFirst("AuthKey_".count).dropLast(".p8".count)
        let id = String(stem.prefix(10))
        guard isValid(id) else { return nil }
        return isDownloadMark(stem.dropFirst(10)) ? id : nil
    }

    /// Empty, ` (N)`, `(N)` or `-N` with N a number.
    static func isDownloadMark(_ text: Substring) -> Bool {
        func isNumber(_ digits: Substring) -> Bool { !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) }
        if text.isEmpty { return true }
        if text.hasPrefix("-") { return isNumber(text.dropFirst()) }
        let bracketed = text.hasPrefix(" ") ? text.dropFirst() : text
        return bracketed.hasPrefix("(") && bracketed.hasSuffix(")") && isNumber(bracketed.dropFirst().dropLast())
    }

    /// The key id for importing `file`: `given` (`--key-id`) when present, else the one in Apple's file name.
    /// A `given` id that contradicts the file name, or no id at all, is a ``ModelError``.
    public static func resolveKeyID(given: String?, file: String) throws(ModelError) -> String {
        let fromName = keyID(fromFileName: file)
        if let given { try check(given, as: .keyID) }
        if let given, let fromName, given != fromName {
            throw .keyIDContradictsFileName(given: given, file: file, fileKeyID: fromName)
        }
        guard let id = given ?? fromName else {
            throw .keyIDNotInFileName(file: file)
        }
        return id
    }
}
