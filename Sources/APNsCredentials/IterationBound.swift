import SwiftASN1

/// Refuses password-based encryption with absurd iteration counts before OpenSSL runs it: a key or .p12 whose
/// PBKDF2 / PKCS#12 KDF asks for billions of iterations would otherwise keep apnsctl busy for hours.
///
/// Walks the DER (descending into OCTET STRINGs that hold DER, as PKCS#12 nests its safes) and checks every
/// INTEGER inside the parameters of a password-based algorithm, and every MAC iteration count.
enum IterationBound {
    /// Far above any real exporter (OpenSSL 2048, macOS Keychain 2000, Java 10000-100000, OWASP 600000).
    static let maximum = 10_000_000

    /// Throws ``CredentialError`` naming the count when one is over ``maximum``.
    static func check(_ bytes: [UInt8]) throws {
        guard let root = (try? DER.parse(bytes)) ?? (try? BER.parse(bytes)) else { return }
        if let count = largest(in: root, underPBE: false, depth: 0), count > maximum {
            throw CredentialError(.unsupported,
                                  "asks for \(count) key-derivation iterations (more than \(maximum)); refused rather than run",
                                  hint: "export the file again with an ordinary iteration count (e.g. 2048)")
        }
    }

    /// PKCS#5 (1.2.840.113549.1.5.*) and PKCS#12 PBE (1.2.840.113549.1.12.1.*) algorithm identifiers.
    private static func isPasswordBased(_ oid: ASN1ObjectIdentifier) -> Bool {
        let text = oid.description
        return text.hasPrefix("1.2.840.113549.1.5.") || text.hasPrefix("1.2.840.113549.1.12.1.")
    }

    private static func largest(in node: ASN1Node, underPBE: Bool, depth: Int) -> Int? {
        guard depth < 32 else { return nil }
        switch node.content {
        case .primitive(let bytes):
            if node.identifier == .integer, underPBE { return magnitude(bytes) }
            if node.identifier == .octetString, bytes.count > 1, bytes.first == 0x30,
               let inner = try? DER.parse(Array(bytes)) {
                return largest(in: inner, underPBE: false, depth: depth + 1)
            }
            return nil
        case .constructed(let children):
            let items = Array(children)
            var pbe = underPBE
            if let first = items.first, first.identifier == .objectIdentifier,
               let oid = try? ASN1ObjectIdentifier(derEncoded: first), isPasswordBased(oid) {
                pbe = true
            }
            // MacData ::= SEQUENCE { DigestInfo, macSalt OCTET STRING, iterations INTEGER }
            if items.count == 3, items[0].identifier == .sequence, items[1].identifier == .octetString,
               items[2].identifier == .integer {
                pbe = true
            }
            return items.compactMap { largest(in: $0, underPBE: pbe, depth: depth + 1) }.max()
        }
    }

    /// The value of a non-negative INTEGER's content octets, saturating at Int.max.
    private static func magnitude(_ bytes: ArraySlice<UInt8>) -> Int {
        let digits = bytes.drop { $0 == 0 }
        if digits.count > 7 { return Int.max }
        return digits.reduce(0) { $0 << 8 | Int($1) }
    }
}
