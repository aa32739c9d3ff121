/// What a file that is no credential at all looks like, from its first bytes, for error messages: "a PNG image",
/// "a PDF document". Nil when it is nothing this recognises.
enum ContentKind {
    static func describe(_ bytes: [UInt8]) -> String? {
        let signatures: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
            ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            (Array("GIF8".utf8), "a GIF image"),
            (Array("%PDF".utf8), "a PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
            ([0x1F, 0x8B], "a gzip archive"),
            ([0x7F, 0x45, 0x4C, 0x46], "an executable (ELF)"),
        ]
        if let match = signatures.first(where: { bytes.starts(with: $0.0) }) { return match.1 }
        let head = bytes.prefix(512)
        // Text: tabs, line ends, printable ASCII and UTF-8 continuation/lead bytes, no control characters.
        if !head.isEmpty, head.allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20..<0x7F).contains($0) || $0 >= 0x80 }) {
            return "text without a PEM block"
        }
        return nil
    }

    /// True when the bytes are empty or only whitespace.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
