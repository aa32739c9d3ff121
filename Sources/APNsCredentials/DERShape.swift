import SwiftASN1

/// What a blob of DER looks like from its outer structure, without decoding it fully.
///
/// Used to recognise input by content and to say what a file is when it is not what was asked for.
enum DERShape: Equatable, Sendable {
    case certificate
    case pkcs12
    case pkcs8
    case encryptedPKCS8
    case traditionalRSA
    case traditionalEC
    case publicKey
    case otherDER
    /// Not DER at all, or truncated; carries swift-asn1's reason.
    case invalid(String)

    /// Classifies `bytes` by the top-level SEQUENCE's children.
    static func classify(_ bytes: [UInt8]) -> DERShape {
        let root: ASN1Node
        do {
            root = try DER.parse(bytes)
        } catch {
            // BER (non-minimal lengths, indefinite lengths) is what some older tools write; OpenSSL reads it.
            guard let ber = try? BER.parse(bytes) else { return .invalid(asn1Reason(error)) }
            root = ber
        }
        guard root.identifier == .sequence, case .constructed(let nodes) = root.content else { return .otherDER }
        let children = Array(nodes)
        guard let first = children.first else { return .otherDER }
        let tags = children.map(\.identifier)
        let firstInteger = integer(first)
        switch (first.identifier, children.count) {
        case (.sequence, 3) where tags[1] == .sequence && tags[2] == .bitString:
            return .certificate
        case (.sequence, 2) where tags[1] == .bitString:
            return .publicKey
        case (.sequence, 2) where tags[1] == .octetString:
            return .encryptedPKCS8
        case (.integer, _) where firstInteger == 3 && children.count >= 2 && tags[1] == .sequence:
            return .pkcs12
        case (.integer, _) where (firstInteger == 0 || firstInteger == 1) && children.count >= 3
            && tags[1] == .sequence && tags[2] == .octetString:
            return .pkcs8
        case (.integer, _) where firstInteger == 1 && children.count >= 2 && tags[1] == .octetString:
            return .traditionalEC
        case (.integer, _) where children.count >= 9 && tags.allSatisfy({ $0 == .integer }):
            return .traditionalRSA
        default:
            return .otherDER
        }
    }

    /// True for a CMS ContentInfo of type signedData whose encapsulated content is present: the envelope
    /// of a provisioning profile (BER as Apple writes it, so parsed with BER rules). A certificates-only
    /// PKCS#7 bundle (no content) is not one.
    static func isSignedContent(_ bytes: [UInt8]) -> Bool {
        let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
        guard let root = try? BER.parse(bytes), case .constructed(let outer) = root.content else { return false }
        let top = Array(outer)
        guard top.count == 2, (try? ASN1ObjectIdentifier(berEncoded: top[0])) == signedData,
              case .constructed(let explicit) = top[1].content, let body = explicit.first(where: { _ in true }),
              case .constructed(let fields) = body.content else { return false }
        let parts = Array(fields)
        guard parts.count >= 3, case .constructed(let encapsulated) = parts[2].content else { return false }
        return Array(encapsulated).count == 2
    }

    private static func integer(_ node: ASN1Node) -> Int? {
        try? Int(derEncoded: node)
    }

    /// A phrase naming what this is, for error messages: "a certificate", "a public key".
    var phrase: String {
        switch self {
        case .certificate: return "a certificate"
        case .pkcs12: return "a PKCS#12 file"
        case .pkcs8, .encryptedPKCS8, .traditionalRSA, .traditionalEC: return "a private key"
        case .publicKey: return "a public key"
        case .otherDER: return "DER data of an unknown kind"
        case .invalid: return "unrecognised data"
        }
    }
}

/// A short reason for an error of swift-asn1, swift-certificates or swift-crypto, in plain words for people
/// ("it ends in the middle of a field"): never a library's case name or a type dump.
func asn1Reason(_ error: Error) -> String {
    if let asn1 = error as? ASN1Error {
        switch asn1.code {
        case .truncatedASN1Field: return "it ends in the middle of a field"
        case .invalidASN1Object: return "not valid ASN.1 data"
        case .unexpectedFieldType: return "a field has an unexpected type"
        case .invalidASN1IntegerEncoding: return "an integer is badly encoded"
        case .unsupportedFieldLength: return "a field is too long"
        case .invalidPEMDocument: return "not a valid PEM block"
        case .invalidStringRepresentation: return "a text field is badly encoded"
        case .tooFewOIDComponents: return "an object identifier is too short"
        default: return "malformed ASN.1 data"
        }
    }
    return plainReason(String(describing: error))
}

/// Plain words for the other libraries' errors, recognised from their text (their types are not all public).
func plainReason(_ text: String) -> String {
    let known: [(String, String)] = [
        ("incorrectParameterSize", "a key or parameter of a size the certificate library does not accept"),
        ("incorrectKeySize", "a key of a size the certificate library does not accept"),
        ("unsupportedSignatureAlgorithm", "an unsupported signature algorithm"),
        ("unsupportedPublicKeyAlgorithm", "an unsupported public key algorithm"),
        ("unsupportedDigestAlgorithm", "an unsupported digest algorithm"),
        ("unsupportedPrivateKey", "an unsupported private key"),
        ("invalidSignatureForCertificate", "a signature that does not verify"),
        ("incorrectOIDForExtension", "an extension with an unexpected identifier"),
        ("duplicateOID", "an extension that appears twice"),
        ("truncatedASN1Field", "it ends in the middle of a field"),
        ("unexpectedFieldType", "a field has an unexpected type"),
        ("invalidASN1Object", "not valid ASN.1 data"),
    ]
    if let match = known.first(where: { text.contains($0.0) }) { return match.1 }
    return "a structure the certificate library does not accept"
}

/// A plain name for an ASN.1 tag ("a UTF8String", "a SEQUENCE"), never the library's type dump.
func plainTag(_ identifier: ASN1Identifier) -> String {
    let names: [(ASN1Identifier, String)] = [
        (.sequence, "a SEQUENCE"), (.set, "a SET"), (.integer, "an INTEGER"), (.utf8String, "a UTF8String"),
        (.octetString, "an OCTET STRING"), (.bitString, "a BIT STRING"), (.objectIdentifier, "an OBJECT IDENTIFIER"),
        (.null, "a NULL"), (.boolean, "a BOOLEAN"), (.printableString, "a PrintableString"), (.ia5String, "an IA5String"),
    ]
    if let name = names.first(where: { $0.0 == identifier })?.1 { return name }
    return "an element with tag \(identifier.tagNumber)"
}
