/// A line of a token file (or a token argument) as it may be shown: quoted, every control character escaped, and
/// cut to a bounded length, so a line of terminal escapes, NULs or a megabyte of digits prints as one short line.
public enum DeviceTokenText {
    /// The most characters of a line shown (the escapes count as they print).
    public static let shownCharacters = 80

    /// `text` in single quotes: control characters (C0, DEL, C1) as `\n`, `\t`, `\r`, `\0` or `\u{1b}`, a
    /// backslash doubled, an invalid byte as U+FFFD; cut to ``shownCharacters`` with `…` when longer.
    public static func quoted(_ text: String, limit: Int = shownCharacters) -> String {
        var shown = ""
        var count = 0
        var cut = false
        for scalar in text.unicodeScalars {
            let piece = escape(scalar)
            if count + piece.count > limit {
                cut = true
                break
            }
            shown += piece
            count += piece.count
        }
        return "'" + shown + "'" + (cut ? "…" : "")
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0: return "\\0"
        case 9: return "\\t"
        case 10: return "\\n"
        case 13: return "\\r"
        case 92: return "\\\\"
        case 0..<32, 127..<160, 0x2028, 0x2029, 0xFEFF:
            return "\\u{" + String(scalar.value, radix: 16) + "}"
        default: return String(scalar)
        }
    }
}
