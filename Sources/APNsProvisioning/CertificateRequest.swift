import APNsCore
import APNsCredentials
import Crypto
import _CryptoExtras
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// The subject of a certificate request, as Keychain Access's Certificate Assistant makes it: `emailAddress`,
/// `CN`, `C`, in that order. Apple ignores it (the certificate's subject is Apple's), but the portal expects it.
public struct CertificateRequestSubject: Sendable, Equatable {
    /// `emailAddress` (IA5String).
    public var email: String
    /// `CN`: Keychain puts the user's name here.
    public var commonName: String
    /// `C`: two capital letters.
    public var country: String

    public init(email: String, commonName: String, country: String) {
        self.email = email
        self.commonName = commonName
        self.country = country
    }

    /// Checks each part; a ``SubjectError`` says which part is wrong.
    public func validate() throws(SubjectError) {
        guard !email.isEmpty, email.count <= 128, email.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }),
              email.contains("@") else {
            throw .email(email)
        }
        guard !commonName.isEmpty, commonName.count <= 64 else { throw .commonName }
        guard country.utf8.count == 2, country.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw .country(country)
        }
    }

    /// The distinguished name: emailAddress, CN, C.
    func distinguishedName() throws -> DistinguishedName {
        try DistinguishedName {
            EmailAddress(email)
            CommonName(commonName)
            CountryName(country)
        }
    }

    /// Which part of a subject is wrong; the command line words it with the option that gave the part.
    public enum SubjectError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not an email address (ASCII, with an @, at most 128 characters).
        case email(String)
        /// The common name is empty or longer than 64 characters.
        case commonName
        /// Not a two-letter ISO 3166 country code in capitals.
        case country(String)

        /// What is wrong, naming the part and no option.
        public var description: String {
            switch self {
            case .email(let text): return "email \(text): not an email address (ASCII, with an @)"
            case .commonName: return "the common name must be 1 to 64 characters"
            case .country(let text): return "country \(text): not a two-letter country code (ISO 3166, capitals)"
            }
        }
    }
}

/// A new certificate signing request and its private key (RSA 2048, signed with SHA-256 and PKCS#1 v1.5).
public struct GeneratedCertificateRequest: Sendable {
    /// The request, DER.
    public let der: [UInt8]
    /// The private key, unencrypted PKCS#8 PEM: the keystore keeps it until Apple's certificate comes back.
    public let privateKeyPEM: String
    /// The SubjectPublicKeyInfo DER of the key.
    public let publicKeyDER: [UInt8]
    /// SHA-256 of ``publicKeyDER``, lowercase hex.
    public let publicKeySHA256: String
    /// The subject, RFC 2253 (`C=US,CN=…,emailAddress=…`).
    public let subject: String

    /// The request id: the first 16 hex digits of ``publicKeySHA256``.
    public var id: String { String(publicKeySHA256.prefix(16)) }

    /// The request as PEM (`-----BEGIN CERTIFICATE REQUEST-----`), with a trailing newline.
    public var pem: String { PEMDocument(type: "CERTIFICATE REQUEST", derBytes: der).pemString + "\n" }

    /// Makes a fresh RSA-2048 key and a CSR for it with `subject`.
    public init(subject: CertificateRequestSubject) throws {
        try subject.validate()
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let name = try subject.distinguishedName()
        let csr = try CertificateSigningRequest(version: .v1, subject: name, privateKey: Certificate.PrivateKey(key),
                                                attributes: CertificateSigningRequest.Attributes(),
                                                signatureAlgorithm: .sha256WithRSAEncryption)
        var serializer = DER.Serializer()
        try serializer.serialize(csr)
        der = serializer.serializedBytes
        privateKeyPEM = key.pkcs8PEMRepresentation + (key.pkcs8PEMRepresentation.hasSuffix("\n") ? "" : "\n")
        publicKeyDER = key.publicKey.derRepresentation.map { $0 }
        publicKeySHA256 = Hex.lower(SHA256.hash(data: publicKeyDER))
        self.subject = RFC2253Name.render(name)
    }
}

/// What Apple's developer portal needs next, for `cert request`'s closing instructions.
public struct CertificateRequestSteps: Sendable, Equatable {
    /// Where certificates are added in Apple's developer account.
    public static let portalURL = "https://developer.apple.com/account/resources/certificates/add"

    /// The certificate type to choose in the portal.
    public let certificateType: String
    /// The file name Apple's download has.
    public let downloadName: String
    /// The command line that joins the download with the request's key.
    public let joinCommand: String
    /// Every step, in order.
    public let steps: [String]

    /// The steps for a CSR written to `csrPath`, meant for `environment` (`development` or `production`; nil when
    /// not said), for `bundleID` when given; `joinCommand` makes the line that joins the download (given its file
    /// name) with the request's key.
    public init(csrPath: String, environment: String?, bundleID: String?,
                joinCommand: (_ downloadName: String) -> String) {
        let sandboxOnly = environment == "development"
        certificateType = sandboxOnly ? "Apple Push Notification service SSL (Sandbox)"
                                      : "Apple Push Notification service SSL (Sandbox & Production)"
        downloadName = sandboxOnly ? "aps_development.cer" : "aps.cer"
        self.joinCommand = joinCommand(downloadName)
        let appID = bundleID.map { "the App ID \($0)" } ?? "your app's App ID"
        let alternative = environment == nil
            ? " (or \"Apple Push Notification service SSL (Sandbox)\" for a development-only certificate)" : ""
        steps = ["Open \(Self.portalURL) and sign in to your Apple developer account.",
                 "Under Services choose \"\(certificateType)\"\(alternative) and continue; pick \(appID).",
                 "Upload \(csrPath) as the Certificate Signing Request, then download the certificate (\(downloadName)).",
                 "Join it with the key kept in the keystore: \(self.joinCommand)"]
    }
}

/// RFC 2253 rendering of a name, as `openssl … -nameopt RFC2253` prints it: last RDN first, `,` between RDNs,
/// `+` inside one, short names (`CN`, `C`, `emailAddress`…), special characters escaped.
public enum RFC2253Name {
    /// `C=US,CN=Jane Doe,emailAddress=jane@example.com` for a name encoded emailAddress, CN, C: the one subject
    /// format of every command (``RFC4514Name``; RFC 4514 obsoletes RFC 2253 and writes names the same way).
    public static func render(_ name: DistinguishedName) -> String {
        RFC4514Name.render(name)
    }
}
