import Foundation

/// Private keys damaged the way a bad copy damages them: one bit of the private value flipped, everything else
/// (the DER structure, the public key a PKCS#8 EC key carries, an RSA key's modulus) left as it was. OpenSSL,
/// swift-crypto and apnsctl still parse such a key; only a pairwise check (`openssl pkey -check`) sees it.
public enum DamagedKeys {
    /// `pem` (an unencrypted PKCS#8 `PRIVATE KEY`: EC as Apple's .p8 files, or RSA) with the lowest bit of the
    /// private value flipped: the EC private scalar (ECPrivateKey's OCTET STRING) or the RSA private exponent d.
    public static func flipPrivateBit(inPKCS8PEM pem: String) throws -> String {
        var der = try pemBody(pem)
        // PrivateKeyInfo: SEQUENCE { version, algorithm, OCTET STRING { ECPrivateKey | RSAPrivateKey } }
        let info = try children(der, of: element(der, at: 0))
        guard info.count >= 3, der[info[2].offset] == 0x04 else { throw Failure("not a PKCS#8 PrivateKeyInfo") }
        let inner = try element(der, at: info[2].contentStart)
        let fields = try children(der, of: inner)
        // ECPrivateKey: { version 1, OCTET STRING scalar, … }; RSAPrivateKey: { version, n, e, d, … }.
        let target = der[fields[1].offset] == 0x04 ? fields[1] : fields[3]
        der[target.contentEnd - 1] ^= 0x01
        return pemText(der, label: "PRIVATE KEY")
    }

    struct Element {
        var offset: Int
        var contentStart: Int
        var contentEnd: Int
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func element(_ der: [UInt8], at offset: Int) throws -> Element {
        guard offset + 2 <= der.count else { throw Failure("DER cut short at \(offset)") }
        let first = Int(der[offset + 1])
        var length = first
        var header = 2
        if first >= 0x80 {
            let count = first & 0x7F
            guard offset + 2 + count <= der.count else { throw Failure("DER length cut short at \(offset)") }
            length = der[(offset + 2)..<(offset + 2 + count)].reduce(0) { $0 << 8 | Int($1) }
            header += count
        }
        guard offset + header + length <= der.count else { throw Failure("DER element overruns at \(offset)") }
        return Element(offset: offset, contentStart: offset + header, contentEnd: offset + header + length)
    }

    static func children(_ der: [UInt8], of parent: Element) throws -> [Element] {
        var out = [Element]()
        var offset = parent.contentStart
        while offset < parent.contentEnd {
            let child = try element(der, at: offset)
            out.append(child)
            offset = child.contentEnd
        }
        return out
    }

    static func pemBody(_ pem: String) throws -> [UInt8] {
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: base64) else { throw Failure("not PEM") }
        return Array(data)
    }

    static func pemText(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }
}

extension DamagedKeys {
    /// The DER inside a one-block PEM text.
    public static func pemBodyBytes(_ pem: String) throws -> [UInt8] { try pemBody(pem) }
}
