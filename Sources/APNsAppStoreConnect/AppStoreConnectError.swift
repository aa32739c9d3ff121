/// One entry of an App Store Connect error answer's `errors[]` (Apple's `ErrorResponse.Errors`).
public struct AppStoreConnectAPIError: Sendable, Equatable, Codable {
    public var id: String?
    public var status: String
    /// Apple's stable, dotted code, e.g. "NOT_AUTHORIZED", "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE".
    public var code: String
    public var title: String
    public var detail: String?
    /// Where in the request the error lies (`source.pointer` or `source.parameter`), when Apple says.
    public var source: Source?

    public struct Source: Sendable, Equatable, Codable {
        public var pointer: String?
        public var parameter: String?

        public init(pointer: String? = nil, parameter: String? = nil) {
            self.pointer = pointer
            self.parameter = parameter
        }
    }

    public init(id: String? = nil, status: String, code: String, title: String, detail: String? = nil,
                source: Source? = nil) {
        self.id = id
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.source = source
    }
}

/// Why App Store Connect refused the token (HTTP 401).
public enum AppStoreConnectAuthenticationFailure: Sendable, Equatable {
    /// The server's clock (its `Date` header) and this host's differ by more than a token may: `seconds` is
    /// the server's time minus ours.
    case clockSkew(seconds: Int)
    /// The clocks agree: the key is unknown or revoked, or the issuer is not the key's team.
    case keyOrIssuer
}

/// Why App Store Connect refused the request though the token was good (HTTP 403).
public enum AppStoreConnectForbiddenReason: Sendable, Equatable {
    /// An individual API key: Apple refuses them on the provisioning endpoints (bundle IDs, capabilities,
    /// certificates, devices, profiles); a team key is needed.
    case individualKey
    /// The key's role does not allow the request (provisioning needs Admin or App Manager).
    case role
}

/// A request to App Store Connect that did not succeed.
public enum AppStoreConnectError: Error, Sendable, Equatable {
    /// 401: the token was refused.
    case unauthorized(AppStoreConnectAuthenticationFailure, errors: [AppStoreConnectAPIError])
    /// 403: the token was accepted, the request is not allowed to its key.
    case forbidden(AppStoreConnectForbiddenReason, errors: [AppStoreConnectAPIError])
    /// 404: the resource (or the path) does not exist.
    case notFound(path: String, errors: [AppStoreConnectAPIError])
    /// 409: the request conflicts with a resource that exists; `resource` names it (Apple's detail or pointer).
    case conflict(resource: String, errors: [AppStoreConnectAPIError])
    /// 429 still after the bounded retries: `retryAfter` is the wait the server asked for last, when it said.
    case rateLimited(retryAfter: Duration?, errors: [AppStoreConnectAPIError])
    /// Any other refusal with Apple's `errors[]` (400, 422, 5xx).
    case rejected(status: Int, errors: [AppStoreConnectAPIError])
    /// An answer that is not JSON (an HTML page from a proxy or a captive portal): its status, content type and
    /// the start of its text.
    case notJSON(status: Int, contentType: String?, excerpt: String)
    /// JSON that is not the document the API defines for this request.
    case malformed(path: String, detail: String)
    /// The server's TLS certificate was not trusted (by the system's CAs or the CA file given).
    case untrustedServer(url: String, detail: String)
    /// The server could not be reached (name resolution, connection, TLS handshake, reset).
    case unreachable(url: String, detail: String)
    /// No answer within the request's deadline.
    case deadline(url: String, after: Duration)
    /// The URL of the server cannot be used (not https://, or not a URL).
    case badURL(String)
}
