#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1

/// PEM text: recognising it and splitting it into blocks with swift-asn1, with errors that say what is wrong.
enum PEMText {
    /// True when the bytes start (after whitespace) with, or contain, a PEM BEGIN line.
    /// The whole input is searched (it is bounded by `SecureFile.credentialLimit`, 16 MiB): text before the first
    /// block is ignored however long it is, as the documentation says.
    static func looksLikePEM(_ bytes: [UInt8]) -> Bool {
        let marker = Array("-----BEGIN ".utf8)
        let window = bytes.count
        guard window >= marker.count else { return false }
        // One pass over a buffer pointer, comparing only where a `-` run could start: not a slice comparison
        // at every offset through generic indices (which the fuzzer found slow).
        return bytes.withUnsafeBufferPointer { haystack in
            var index = 0
            while index <= window - marker.count {
                if haystack[index] == 0x2D, haystack[index + 5] == 0x42,
                   (0..<marker.count).allSatisfy({ haystack[index + $0] == marker[$0] }) {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// Every PEM block in the text, read as leniently as OpenSSL on layout: the body on one line or wrapped at any
    /// width, CRLF line ends, indentation, no final newline, a whole block on one line, literal `\\n` left by an
    /// environment variable, and any text before, between and after blocks (`Bag Attributes`, comments).
    /// Throws for a BEGIN without its END, and for a body that is not base64.
    /// A key under legacy PEM encryption (`Proc-Type: 4,ENCRYPTED`) must be taken out first with ``splitLegacyEncrypted(_:)``.
    static func parse(_ bytes: [UInt8]) throws -> [PEMDocument] {
        var skipped = [String]()
        return try parse(bytes, skipping: { _ in false }, skipped: &skipped)
    }

    /// ``parse(_:)``, but a block whose label `skippable` accepts and whose body is not base64 is left out and
    /// described in `skipped` ("PEM block 1 (RSA PRIVATE KEY) is not valid base64") instead of failing the file.
    static func parse(_ bytes: [UInt8], skipping skippable: (String) -> Bool,
                      skipped: inout [String]) throws -> [PEMDocument] {
        var documents = [PEMDocument]()
        var index = 0
        var cursor = 0
        let begin = Array("-----BEGIN ".utf8), dashes = Array("-----".utf8)
        while let start = find(begin, in: bytes, from: cursor) {
            let labelStart = start + begin.count
            guard let labelEnd = find(dashes, in: bytes, from: labelStart),
                  !bytes[labelStart..<labelEnd].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { throw truncated }
            let label = String(decoding: bytes[labelStart..<labelEnd], as: UTF8.self)
            let bodyStart = labelEnd + dashes.count
            guard let end = find(Array("-----END \(label)-----".utf8), in: bytes, from: bodyStart) else { throw truncated }
            index += 1
            cursor = end + "-----END \(label)-----".utf8.count
            do {
                documents.append(PEMDocument(type: label, derBytes: try decodeBody(bytes[bodyStart..<end])))
            } catch let error as CredentialError where skippable(label) {
                skipped.append("PEM block \(index) (\(label)) \(error.message.replacing("a PEM block ", with: "")): ignored")
            }
        }
        if documents.isEmpty && skipped.isEmpty {
            throw CredentialError(.malformed, "no PEM block found")
        }
        return documents
    }

    /// The base64 of a block body, with whitespace, literal `\\n`/`\\r` and RFC 1421 header lines left out.
    private static func decodeBody(_ body: ArraySlice<UInt8>) throws -> [UInt8] {
        var text = String(decoding: body, as: UTF8.self)
            .replacing("\\r", with: "\n").replacing("\\n", with: "\n")
        if text.contains(":") {
            // Header lines (`Proc-Type: …`) come first and end at the first blank line; base64 has no colon.
            text = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .filter { !$0.contains(":") }.joined(separator: "\n")
        }
        let base64 = text.filter { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n") }
        guard let data = Data(base64Encoded: base64), !data.isEmpty || base64.isEmpty else {
            throw CredentialError(.malformed, "a PEM block is not valid base64",
                                  hint: "the file was damaged, e.g. by an editor or a copy and paste")
        }
        return [UInt8](data)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        let first = needle[0]
        while index <= haystack.count - needle.count {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Separates a block with RFC 1421 encryption headers (`Proc-Type: 4,ENCRYPTED`, as `openssl rsa -des3` and
    /// OpenSSL 1.x wrote traditional keys) from the rest, which swift-asn1 reads. Nil when there is none.
    static func splitLegacyEncrypted(_ bytes: [UInt8]) -> (rest: [UInt8], block: [UInt8])? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let header = text.firstRange(of: "Proc-Type: 4,ENCRYPTED"),
              let begin = text[..<header.lowerBound].ranges(of: "-----BEGIN ").last,
              let end = text[header.upperBound...].firstRange(of: "-----END ") else { return nil }
        let lineEnd = text[end.upperBound...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
        let block = String(text[begin.lowerBound..<lineEnd])
        let rest = String(text[..<begin.lowerBound]) + String(text[lineEnd...])
        return (Array(rest.utf8), Array(block.utf8))
    }

    private static let truncated = CredentialError(.malformed, "truncated PEM: a BEGIN line has no matching END line",
                                                   hint: "the file was cut short; export or download it again")

    static func isPrivateKeyLabel(_ label: String) -> Bool {
        label == "PRIVATE KEY" || label == "ENCRYPTED PRIVATE KEY" || label == "RSA PRIVATE KEY" || label == "EC PRIVATE KEY"
    }

    /// True for the labels of a public key alone (SubjectPublicKeyInfo or PKCS#1).
    static func isPublicKeyLabel(_ label: String) -> Bool {
        label == "PUBLIC KEY" || label == "RSA PUBLIC KEY"
    }

    /// "a certificate", "2 certificates and a public key", … for error messages.
    static func describe(_ blocks: [PEMDocument]) -> String {
        let names = blocks.map { block -> String in
            switch block.discriminator {
            case "CERTIFICATE": return "a certificate"
            case "PUBLIC KEY", "RSA PUBLIC KEY": return "a public key"
            case "CERTIFICATE REQUEST": return "a certificate request"
            default: return "a \(block.discriminator) block"
            }
        }
        return names.isEmpty ? "nothing" : names.joined(separator: " and ")
    }
}
