import APNsCore
import APNsCredentials
import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SwiftASN1
import X509

/// A provisioning profile file as read: its facts, its signature's verdict and the file's SHA-256.
public struct ProfileDocument: Sendable {
    /// The path it was read from (`-` for standard input).
    public var file: String
    /// Lowercase hex SHA-256 of the whole file.
    public var sha256: String
    /// The facts of the property list.
    public var profile: ProvisioningProfile
    /// Whether the signature is good and whom it chains to.
    public var signature: ProfileSignature
}

/// Reads provisioning profiles: recognises a CMS SignedData (or a bare property list) by content, checks the
/// signature with OpenSSL's CMS API and the signer's chain as of the profile's `CreationDate`, and parses the
/// property list with Foundation.
public struct ProfileReader: Sendable {
    /// Trust anchors: Apple's public roots, plus any the user gave.
    public var anchors: [APNsCertificate]
    /// How many of ``anchors`` came from the user (the last ones), so the verdict can say so.
    public var extraAnchors: Int
    /// What the verdict calls the user's anchors: "given CA" unless the caller names where they came from.
    public var extraAnchorsLabel: String

    /// A reader trusting Apple's roots (embedded in apnsctl) and `extra`, which the verdict calls `label`.
    public init(extraAnchors extra: [APNsCertificate] = [], label: String = "given CA") {
        let apple = AppleCertificateAuthorities.all.filter(\.isRoot).compactMap { entry in
            (try? PEMDocument(pemString: entry.pem)).flatMap { try? APNsCertificate(derEncoded: $0.derBytes) }
        }
        anchors = apple + extra
        extraAnchors = extra.count
        extraAnchorsLabel = label
    }

    /// Reads `path` (`-`: standard input). Every failure is an `APNsError` (exit 3) naming the file.
    /// `offerStandardInput`: whether a missing file's hint offers `-` (see ``SecureFile``).
    public func read(path: String, offerStandardInput: Bool = true) throws -> ProfileDocument {
        let bytes = try SecureFile.read(path, limit: SecureFile.credentialLimit, what: "a provisioning profile",
                                        offerStandardInput: offerStandardInput)
        do {
            return try read(bytes: bytes, file: path)
        } catch let error as ProfileError {
            let label = path == "-" ? "standard input" : path
            throw APNsError.badInput("\(label): \(error.message)", hint: error.hint, remedy: error.remedy)
        }
    }

    /// Reads the bytes of a profile that came from `file`. Throws ``ProfileError``.
    public func read(bytes: [UInt8], file: String) throws -> ProfileDocument {
        let sha256 = Hex.encode(SHA256.hash(data: bytes))
        switch ProfileContent.classify(bytes) {
        case .empty:
            throw ProfileError("empty file", hint: "expected a .mobileprovision or .provisionprofile file")
        case .other(let what, let hint):
            throw ProfileError("\(what), not a provisioning profile", hint: hint)
        case .certificateMaterial(let what):
            throw ProfileError("\(what), not a provisioning profile", remedy: .inspectAsCertificate)
        case .propertyList:
            let profile = try Self.profile(fromPlist: bytes)
            let signature = ProfileSignature(state: .unsigned, detail: "a bare property list: no CMS signature")
            return ProfileDocument(file: file, sha256: sha256, profile: profile, signature: signature)
        case .signedData(let cms):
            guard let content = cms.content else {
                throw ProfileError("a CMS SignedData without content (detached), not a provisioning profile")
            }
            let profile = try Self.profile(fromPlist: content)
            let signature = judge(cms, at: profile.creationDate ?? Date())
            return ProfileDocument(file: file, sha256: sha256, profile: profile, signature: signature)
        }
    }

    private static func profile(fromPlist bytes: [UInt8]) throws -> ProvisioningProfile {
        let plist: PlistValue
        do {
            plist = try PlistValue.parse(bytes)
        } catch let error as ProfileError {
            throw error   // past the reading bounds: say which
        } catch {
            throw ProfileError("the property list cannot be parsed", hint: "the file may be damaged; download the profile again")
        }
        return try ProvisioningProfile(plist: plist)
    }

    /// The signature's verdict: the CMS signature over the content first, then the signer's chain at `time`.
    func judge(_ cms: CMSSignedData, at time: Date) -> ProfileSignature {
        guard cms.signerCount > 0 else {
            return ProfileSignature(state: .unsigned, detail: "a CMS message without a signer")
        }
        let signerDER: [UInt8]
        switch cms.checkSignature() {
        case .bad(let reason):
            return ProfileSignature(state: .invalid,
                                    detail: "the signature does not match the content (altered after signing?): \(reason)")
        case .good(let der):
            signerDER = der
        }
        let signer = (try? APNsCertificate(derEncoded: signerDER))?.subject
        let chain = cms.checkChain(signer: signerDER, anchors: anchors.map(\.derEncoded), at: time)
        let when = ProfileDates.iso(time)
        guard chain.trusted, let top = chain.chain.last.flatMap({ try? APNsCertificate(derEncoded: $0) }) else {
            let names = anchorNames
            return ProfileSignature(state: .untrusted,
                                    detail: "good signature, but the signer does not chain to \(names) as of \(when): \(chain.reason ?? "no path")",
                                    signer: signer, checkedAt: time)
        }
        let isExtra = anchors.suffix(extraAnchors).contains(top)
        let name = top.commonName ?? top.subject
        let source = isExtra ? " (\(extraAnchorsLabel))" : ""
        return ProfileSignature(state: .verified, detail: "good signature; chains to \(name)\(source) as of \(when)",
                                signer: signer, trustAnchor: name, checkedAt: time)
    }

    private var anchorNames: String {
        extraAnchors > 0 ? "Apple Root CA or the \(extraAnchorsLabel) certificates" : "Apple Root CA"
    }
}

/// What a file given as a profile holds, recognised by content.
enum ProfileContent {
    case empty
    case propertyList
    case signedData(CMSSignedData)
    /// Something else: a phrase naming it and a hint.
    case other(String, hint: String)
    /// A certificate, a key or a certificate request: a phrase naming it.
    case certificateMaterial(String)

    static func classify(_ bytes: [UInt8]) -> ProfileContent {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if trimmed.isEmpty { return .empty }
        let head = String(decoding: trimmed.prefix(512), as: UTF8.self)
        // An XML property list may open with `<?xml …?>`, a byte order mark, `<!DOCTYPE plist …>`, a comment or
        // `<plist` itself: whatever comes first, it is markup and a `<plist` element follows.
        let markup = head.hasPrefix("\u{FEFF}") ? String(head.dropFirst()) : head
        if head.hasPrefix("bplist") || (markup.hasPrefix("<") && markup.contains("<plist")) {
            return .propertyList
        }
        if head.hasPrefix("-----BEGIN CERTIFICATE REQUEST") || head.hasPrefix("-----BEGIN NEW CERTIFICATE REQUEST") {
            return .certificateMaterial("a certificate signing request (PEM)")
        }
        if head.hasPrefix("-----BEGIN ") {
            return .certificateMaterial("PEM text (\(head.dropFirst(11).prefix { $0 != "-" }))")
        }
        guard trimmed.first == 0x30 else {
            return .other("unrecognised content", hint: "expected a .mobileprovision or .provisionprofile file")
        }
        if let cms = CMSSignedData(der: Array(bytes)) { return .signedData(cms) }
        if (try? APNsCertificate(derEncoded: Array(bytes))) != nil {
            return .certificateMaterial("a DER certificate")
        }
        return .other("DER data that is not a CMS SignedData",
                      hint: "a provisioning profile is a CMS-signed property list; download it again")
    }
}
