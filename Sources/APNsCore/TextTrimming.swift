/// Trimming without Foundation's `CharacterSet` / `trimmingCharacters(in:)`, which FoundationEssentials does not
/// have: the same sets, read from the Unicode properties in the standard library.
extension StringProtocol {
    /// Without leading and trailing white space and newlines (what `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// trimmed: general category Z*, U+000A–U+000D, U+0085, and tab).
    public func trimmingWhitespace() -> String { trimmingScalars(where: Self.isWhitespaceOrNewline) }

    /// Without leading and trailing spaces and tabs (what `trimmingCharacters(in: .whitespaces)` trimmed:
    /// general category Zs, and tab); newlines stay.
    public func trimmingSpaces() -> String { trimmingScalars(where: Self.isSpace) }

    /// Without leading and trailing characters from `characters` (each a single Unicode scalar).
    public func trimming(_ characters: String) -> String {
        let set = Set(characters.unicodeScalars)
        return trimmingScalars { set.contains($0) }
    }

    private func trimmingScalars(where trim: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trim($0) }),
              let last = scalars.lastIndex(where: { !trim($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    private static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
