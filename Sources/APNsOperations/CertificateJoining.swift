import APNsCore
import APNsCredentials
import APNsKeystore
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Joins the certificate Apple returns with the key of its pending request: finds the request whose public key
/// the certificate certifies, checks that the certificate is an APNs certificate chaining to Apple (or to the
/// CA given), stores certificate and key, removes the request in the same manifest write, and exports the pair
/// when asked.
public enum CertificateJoining {
    /// How the joined pair is also written out.
    public struct Export: Sendable {
        /// The export's encoding.
        public enum Encoding: String, Sendable {
            /// PKCS#12, AES-256 (PBKDF2-SHA256).
            case p12
            /// PKCS#12 with RC2-40/3DES/SHA-1, for older macOS Keychain imports.
            case p12Legacy = "p12-legacy"
            /// The certificate chain, then the unencrypted key.
            case pem
        }

        public var file: String
        public var encoding: Encoding
        /// Replace an existing file.
        public var overwrite: Bool
        /// The .p12's password, asked for only once everything else is checked (not called for PEM).
        public var password: @Sendable () throws -> String

        public init(file: String, encoding: Encoding, overwrite: Bool = false,
                    password: @escaping @Sendable () throws -> String) {
            self.file = file
            self.encoding = encoding
            self.overwrite = overwrite
            self.password = password
        }
    }

    /// What to join.
    public struct Input: Sendable {
        /// The certificate file (DER or PEM; `-` for standard input).
        public var file: String
        /// A CA certificate file that also vouches for the certificate; nil: Apple only.
        public var caFile: String?
        public var export: Export?
        /// Refuse a certificate that differs from the request's notes (bundle id, environment, team) instead of only
        /// reporting the differences.
        public var strict: Bool

        public init(file: String, caFile: String? = nil, export: Export? = nil, strict: Bool = false) {
            self.file = file
            self.caFile = caFile
            self.export = export
            self.strict = strict
        }

        /// The input's name in messages.
        public var name: String { file == "-" ? "standard input" : file }
    }

    /// The joined certificate.
    public struct Result: Sendable {
        /// The request joined.
        public var requestID: String
        /// The certificate as the keystore records it.
        public var certificate: CertificateRecord
        public var leaf: APNsCertificate
        public var kind: CertificateJoin.Kind
        public var trust: AppleChain.Result
        /// True when the keystore already held the certificate.
        public var alreadyPresent: Bool
        /// The file written and its encoding; nil without an export.
        public var export: (file: String, encoding: Export.Encoding)?
        /// The keystore clock's time of the join.
        public var now: Date
        /// Where the certificate differs from what the request was noted for (empty: it is what was asked for).
        public var noteDifferences: [NoteDifference]
    }

    /// One way a certificate differs from its request's notes (`cert request --bundle-id/--env`): Apple issued it
    /// for another app or environment than the request said, usually because another type or App ID was chosen in
    /// the portal.
    public enum NoteDifference: Sendable, Equatable {
        /// The request was noted for `requested`; the certificate's bundle id is `certificate` (nil: it has none).
        case bundleID(requested: String, certificate: String?)
        /// The request was noted for `requested`; the certificate serves `certificate` only.
        case environment(requested: String, certificate: [String])
        /// The request was noted for team `requested`; the certificate's team (subject OU) is `certificate`.
        case team(requested: String, certificate: String?)

        /// The note's name: `bundle_id` or `environment`.
        public var note: String {
            switch self {
            case .bundleID: return "bundle_id"
            case .environment: return "environment"
            case .team: return "team_id"
            }
        }

        /// The request's note and the certificate's value, as text ("none" for an absent value).
        public var values: (requested: String, certificate: String) {
            switch self {
            case .bundleID(let requested, let certificate), .team(let requested, let certificate):
                return (requested, certificate ?? "none")
            case .environment(let requested, let certificate):
                return (requested, certificate.isEmpty ? "none" : certificate.joined(separator: " and "))
            }
        }
    }

    /// The differences between `leaf` and the notes of `request`.
    public static func noteDifferences(_ leaf: APNsCertificate, request: PendingRequestRecord) -> [NoteDifference] {
        var differences = [NoteDifference]()
        if let bundleID = request.bundleID, leaf.bundleID != bundleID {
            differences.append(.bundleID(requested: bundleID, certificate: leaf.bundleID))
        }
        let environments = leaf.environments.map(\.rawValue)
        if let environment = request.environment, !environments.contains(environment) {
            differences.append(.environment(requested: environment, certificate: environments))
        }
        if let team = request.teamID, leaf.teamID != team {
            differences.append(.team(requested: team, certificate: leaf.teamID))
        }
        return differences
    }

    /// Joins. Throws ``CertificateJoinError`` and the readers', verifier's and keystore's errors; the keystore
    /// changes only when everything, the export's file and password included, is settled.
    public static func run(_ input: Input, store: Keystore) async throws -> Result {
        let name = input.name
        let bundle = try CredentialReader().read(path: input.file)
        guard let leaf = bundle.leaf else { throw CertificateJoinError.noCertificate(file: name) }
        let kind = try CertificateJoin.requireAPNsKind(leaf, file: name)
        guard let request = try CertificateJoin.matchingRequest(for: leaf, in: store.pendingRequests()) else {
            throw try CertificateJoin.noMatchingRequest(leaf, file: name, keystore: store.path)
        }
        let anchors = try input.caFile.map {
            try CredentialReader().read(path: $0, offerStandardInput: false).certificates
        } ?? []
        let trust = try await AppleChain().verify(leaf, chain: bundle.chain, extraAnchors: anchors, file: name,
                                                  caFile: input.caFile)
        let differences = noteDifferences(leaf, request: request)
        if input.strict, !differences.isEmpty {
            throw CertificateJoinError.notesDiffer(file: name, requestID: request.id, differences: differences)
        }
        let key: PrivateKey
        do {
            key = try PrivateKey(pemEncoded: try store.privateKeyPEM(of: request))
        } catch let error as CredentialError {
            throw CertificateJoinError.damagedRequestKey(file: store.objectLocation(request.keyFile),
                                                         requestID: request.id, problem: error.message)
        }
        guard key.matches(leaf) else { throw CertificateJoinError.keyMismatch(requestID: request.id, file: name) }
        if let export = input.export, !export.overwrite, FileManager.default.fileExists(atPath: export.file) {
            throw CertificateJoinError.exportExists(file: export.file)
        }
        let password = try input.export.flatMap { $0.encoding == .pem ? nil : try $0.password() }
        let joined = try store.joinCertificate(try CertificateImport(leaf: leaf, chain: bundle.chain, key: key),
                                               request: request.id)
        if let export = input.export {
            let certificates = [leaf] + bundle.chain
            let bytes = try password.map {
                try CredentialWriter.pkcs12(certificates: certificates, key: key, password: $0,
                                            profile: export.encoding == .p12Legacy ? .legacy : .modern)
            } ?? CredentialWriter.pem(certificates: certificates, key: key)
            try SecureFile.write(bytes, to: export.file, mode: 0o600, overwrite: export.overwrite)
        }
        return Result(requestID: request.id, certificate: joined.certificate, leaf: leaf, kind: kind, trust: trust,
                      alreadyPresent: joined.alreadyPresent, export: input.export.map { ($0.file, $0.encoding) },
                      now: store.clock.now(), noteDifferences: differences)
    }
}

/// Why a certificate was not joined.
public enum CertificateJoinError: Error, Equatable {
    /// `file` holds a private key but no certificate.
    case noCertificate(file: String)
    /// The keystore's key file of request `requestID`, `file`, does not read (`problem` says why).
    case damagedRequestKey(file: String, requestID: String, problem: String)
    /// The stored key of request `requestID` does not match the certificate in `file`.
    case keyMismatch(requestID: String, file: String)
    /// The export's file exists and is not to be replaced.
    case exportExists(file: String)
    /// The certificate in `file` differs from the notes of request `requestID`, and differences were to refuse.
    case notesDiffer(file: String, requestID: String, differences: [CertificateJoining.NoteDifference])
}
