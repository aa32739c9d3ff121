import Foundation
import SwiftASN1

/// PEM text: recognising it and splitting it into blocks with swift-asn1, with errors that say what is wrong.
enum PEMText {
    /// True when the bytes start (after whitespace) with, or contain, a PEM BEGIN line.
    static func looksLikePEM(_ bytes: [UInt8]) -> Bool {
        let marker = Array("-----BEGIN ".utf8)
        guard bytes.count >= marker.count else { return false }
        let window = bytes.prefix(64 * 1024)
        return window.indices.contains { index in
            index + marker.count <= window.endIndex && window[index..<index + marker.count].elementsEqual(marker)
        }
    }

    /// Every PEM block in the text. Throws for truncated blocks and bad base64.
    /// A key under legacy PEM encryption (`Proc-Type: 4,ENCRYPTED`) must be taken out first with ``splitLegacyEncrypted(_:)``.
    static func parse(_ bytes: [UInt8]) throws -> [PEMDocument] {
        let text = String(decoding: bytes, as: UTF8.self)
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseMultiple(pemString: text)
        } catch {
            let reason = String(describing: error)
            if reason.contains("base64") {
                throw CredentialError(.malformed, "a PEM block is not valid base64",
                                      hint: "the file was damaged, e.g. by an editor or a copy and paste")
            }
            if reason.contains("-----END") {
                throw truncated
            }
            throw CredentialError(.malformed, "malformed PEM (\(reason))")
        }
        let begins = text.components(separatedBy: "-----BEGIN ").count - 1
        if documents.count < begins { throw truncated }
        if documents.isEmpty {
            throw CredentialError(.malformed, "no PEM block found")
        }
        return documents
    }

    /// Separates a block with RFC 1421 encryption headers (`Proc-Type: 4,ENCRYPTED`, as `openssl rsa -des3` and
    /// OpenSSL 1.x wrote traditional keys) from the rest, which swift-asn1 reads. Nil when there is none.
    static func splitLegacyEncrypted(_ bytes: [UInt8]) -> (rest: [UInt8], block: [UInt8])? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let header = text.range(of: "Proc-Type: 4,ENCRYPTED"),
              let begin = text.range(of: "-----BEGIN ", options: .backwards, range: text.startIndex..<header.lowerBound),
              let end = text.range(of: "-----END ", range: header.upperBound..<text.endIndex) else { return nil }
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
