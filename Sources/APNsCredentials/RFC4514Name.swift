import SwiftASN1
import X509

/// A distinguished name as one RFC 4514 string: the most specific RDN first (the reverse of the DER order), RDNs
/// separated by `,`, the attributes of a multi-valued RDN by `+`, special characters escaped with `\`. This is
/// what `openssl x509 -noout -subject -nameopt RFC2253` prints, and the one subject format of every command's
/// JSON (`subject`, `issuer`, `matches`, `chain`): `C=US,O=…,OU=TEAMID,CN=Apple Push Services: …,UID=com.example.app`
/// for a push certificate, which Apple encodes UID, CN, OU, O, C.
public enum RFC4514Name {
    /// The short names RFC 4514 (and OpenSSL, for `emailAddress`) give attribute types; others print as dotted OIDs.
    static let shortNames: [String: String] = [
        ASN1ObjectIdentifier.RDNAttributeType.commonName.description: "CN",
        ASN1ObjectIdentifier.RDNAttributeType.countryName.description: "C",
        ASN1ObjectIdentifier.RDNAttributeType.organizationName.description: "O",
        ASN1ObjectIdentifier.RDNAttributeType.organizationalUnitName.description: "OU",
        ASN1ObjectIdentifier.RDNAttributeType.localityName.description: "L",
        ASN1ObjectIdentifier.RDNAttributeType.stateOrProvinceName.description: "ST",
        ASN1ObjectIdentifier.RDNAttributeType.streetAddress.description: "STREET",
        ASN1ObjectIdentifier.RDNAttributeType.domainComponent.description: "DC",
        ASN1ObjectIdentifier.RDNAttributeType.emailAddress.description: "emailAddress",
        "0.9.2342.19200300.100.1.1": "UID",
    ]

    /// The RFC 4514 string of a name swift-certificates parsed.
    public static func render(_ name: DistinguishedName) -> String {
        name.reversed().map { rdn in
            rdn.map { attribute in
                pair(attribute.type.description, String(attribute.value) ?? String(describing: attribute.value))
            }.joined(separator: "+")
        }.joined(separator: ",")
    }

    /// The RFC 4514 string of `(dotted OID, value)` entries in DER order, one attribute per RDN (as OpenSSL lists
    /// a name's entries).
    public static func render(entries: [(type: String, value: String)]) -> String {
        entries.reversed().map { pair($0.type, $0.value) }.joined(separator: ",")
    }

    private static func pair(_ type: String, _ value: String) -> String {
        (shortNames[type] ?? type) + "=" + escape(value)
    }

    /// Escapes `value` as RFC 4514 section 2.4 asks: `"`, `+`, `,`, `;`, `<`, `>`, `\` anywhere, `#` or a space
    /// first, a space last.
    static func escape(_ value: String) -> String {
        var out = ""
        let characters = Array(value)
        for (index, character) in characters.enumerated() {
            let first = index == 0, last = index == characters.count - 1
            if ",+\"\\<>;".contains(character) || (first && (character == "#" || character == " "))
                || (last && character == " ") {
                out.append("\\")
            }
            if character == "\0" {
                out.append("\\00")
            } else {
                out.append(character)
            }
        }
        return out
    }
}
