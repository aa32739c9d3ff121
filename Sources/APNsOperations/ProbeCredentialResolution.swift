import APNsModel
import APNsCore
import APNsCredentials
import APNsKeystore
import APNsProbe
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a probe's (or a channel call's) credential comes from: nothing, a ready provider token, a client
/// certificate file, or a keystore key's cached token.
public enum ProbeCredentialSource {
    /// No credential: APNs answers 403 MissingProviderToken, which still shows TLS and HTTP/2 work.
    case none
    /// A provider token (JWT) read from the file at `path`.
    case tokenFile(path: String)
    /// A provider token in the environment variable `name`; `value` is its value (nil or empty: not set).
    case tokenVariable(name: String, value: String?)
    /// A client certificate: a .p12 (legacy included) or PEM holding the certificate and its key; `password`
    /// is asked only when the file needs one.
    case certificate(path: String, password: @Sendable () throws -> String)
    /// A keystore key: the team's active key (or `keyID`) and its cached token. `open` opens the keystore once
    /// the identifiers are checked.
    case keystore(team: String?, keyID: String?, open: () throws -> Keystore)
}

/// A probe credential, resolved: what to send, the topic it implies, which key signed, and what is wrong with a
/// certificate that APNs will refuse (said before connecting).
public struct ResolvedProbeCredential {
    /// The credential the prober sends.
    public var credential: ProbeCredential
    /// A certificate's topic when none is given: its bundle id, or `<bundle id>.voip` for a VoIP Services
    /// certificate (which APNs refuses for the bare bundle id).
    public var defaultTopic: String?
    /// The push type when none is given: voip for a VoIP Services certificate; nil: background.
    public var defaultPushType: APNsPushType?
    /// The keystore key that signed the token, with its recorded scope.
    public var signingKey: SigningKeyDescription?
    /// A ready token's `kid` and `iss` (a token file or variable: no recorded scope); nil otherwise.
    public var tokenKey: TokenKey?
    /// A certificate outside its validity period (APNs will refuse it with a TLS alert).
    public var certificateValidity: CertificateValidityProblem?

    /// The key id and team id a ready token names.
    public struct TokenKey: Sendable, Equatable {
        public var keyID: String
        public var teamID: String
    }

    public init(credential: ProbeCredential, defaultTopic: String? = nil, signingKey: SigningKeyDescription? = nil,
                tokenKey: TokenKey? = nil, certificateValidity: CertificateValidityProblem? = nil) {
        self.credential = credential
        self.defaultTopic = defaultTopic
        self.signingKey = signingKey
        self.tokenKey = tokenKey
        self.certificateValidity = certificateValidity
    }

    /// Says in `report` which key signed the token: the keystore key with its recorded scope, else a ready
    /// token's `kid` and `iss`.
    public func describe(_ report: inout ProbeReport) {
        if let signingKey {
            report.describeSigningKey(signingKey)
        } else if let tokenKey {
            report.keyID = tokenKey.keyID
            report.teamID = tokenKey.teamID
        }
    }
}

/// Why a probe credential could not be resolved.
public enum ProbeCredentialError: Error, Equatable {
    /// The token variable `name` is not set, or empty.
    case tokenVariableUnset(name: String)
    /// The token from `source` (a file path, or `$NAME`) is not a provider token: `reason` and `remedy` say why.
    case malformedToken(source: String, cause: APNsError)
    /// The certificate file at `path` holds no certificate.
    case noCertificate(path: String)
    /// The certificate file at `path` holds no private key.
    case noPrivateKey(path: String)
    /// The private key in the file at `path` does not belong to its certificate.
    case keyDoesNotMatchCertificate(path: String)
    /// `value` is not a team id (10 characters, A–Z and 0–9).
    case invalidTeamID(String)
    /// `value` is not a key id (10 characters, A–Z and 0–9).
    case invalidKeyID(String)
}

/// Resolves a probe's credential: reads a token or a certificate, or asks the keystore for a key's cached token.
public enum ProbeCredentialResolution {
    /// The credential from `source`. A keystore key must cover `environment` (nil: a server of unknown
    /// environment, so the key must cover both) and `topic`.
    public static func resolve(_ source: ProbeCredentialSource, environment: APNsEnvironment?, topic: String? = nil,
                               now: Date = Date()) throws -> ResolvedProbeCredential {
        switch source {
        case .none:
            return ResolvedProbeCredential(credential: .none)
        case .tokenFile(let path):
            let text = String(decoding: try SecureFile.read(path, limit: 64 * 1024), as: UTF8.self)
            return try token(text, source: path)
        case .tokenVariable(let name, let value):
            guard let value, !value.isEmpty else { throw ProbeCredentialError.tokenVariableUnset(name: name) }
            return try token(value, source: "$\(name)")
        case .certificate(let path, let password):
            return try certificate(path, password: password, now: now)
        case .keystore(let team, let keyID, let open):
            if let team, !AppleIdentifier.isValid(team) { throw ProbeCredentialError.invalidTeamID(team) }
            if let keyID, !AppleIdentifier.isValid(keyID) { throw ProbeCredentialError.invalidKeyID(keyID) }
            let store = try open()
            let issued = try store.token(team: team, keyID: keyID, environment: environment, topic: topic)
            return ResolvedProbeCredential(credential: .token(issued.token.compact, issuedAt: issued.token.issuedAtDate),
                                           signingKey: SigningKeyDescription(try store.key(issued.token.keyID)))
        }
    }

    private static func token(_ text: String, source: String) throws -> ResolvedProbeCredential {
        let compact = text.trimmingWhitespace()
        do {
            let parsed = try ProviderToken(parsing: compact)
            return ResolvedProbeCredential(credential: .token(parsed.compact, issuedAt: parsed.issuedAtDate),
                                           tokenKey: .init(keyID: parsed.keyID, teamID: parsed.teamID))
        } catch let error as APNsError {
            throw ProbeCredentialError.malformedToken(source: source, cause: error)
        }
    }

    /// The client certificate at `path`, read and judged by the one reader of every canary sender
    /// (``ClientCertificate``, in APNsProbe, which asks the certificate judge): a certificate outside its dates is
    /// kept as ``ResolvedProbeCredential/certificateValidity`` for the caller to refuse before sending.
    private static func certificate(_ path: String, password: @escaping @Sendable () throws -> String,
                                    now: Date) throws -> ResolvedProbeCredential {
        let read: ClientCertificate
        do {
            read = try ClientCertificate.read(path, reader: CredentialReader(password: password), now: now)
        } catch let error as ClientCertificateError {
            switch error {
            case .noCertificate(let path): throw ProbeCredentialError.noCertificate(path: path)
            case .noPrivateKey(let path): throw ProbeCredentialError.noPrivateKey(path: path)
            case .keyDoesNotMatchCertificate(let path): throw ProbeCredentialError.keyDoesNotMatchCertificate(path: path)
            }
        }
        var resolved = ResolvedProbeCredential(credential: read.credential, defaultTopic: read.defaultTopic,
                                               certificateValidity: read.validityProblem)
        resolved.defaultPushType = read.defaultPushType
        return resolved
    }
}

extension SigningKeyDescription {
    /// The keystore key `record`, with its recorded scope, for a probe verdict's hints.
    public init(_ record: KeyRecord) {
        self.init(keyID: record.keyID, teamID: record.teamID, environments: record.scope.environments,
                  topics: record.scope.topics, legacy: record.scope.source == .legacy)
    }
}
