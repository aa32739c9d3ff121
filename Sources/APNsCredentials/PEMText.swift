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

    /// Every PEM block in the text. Throws for truncated blocks, bad base64 and encrypted legacy headers.
    static func parse(_ bytes: [UInt8]) throws -> [PEMDocument] {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("Proc-Type: 4,ENCRYPTED") {
            throw CredentialError(.unsupported, "the private key uses legacy PEM encryption (Proc-Type: 4,ENCRYPTED)",
                                  hint: "convert it first: openssl pkcs8 -topk8 -in KEY -out KEY.p8")
        }
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
