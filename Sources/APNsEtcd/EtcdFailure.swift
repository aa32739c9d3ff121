import APNsCore
import APNsCurl
import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why one request to one member failed, sorted by what the client does next: try the next member
/// (`transport`, `retryable`), authenticate again (`invalidToken`), or stop and tell the user.
enum EtcdFailure: Error, Sendable {
    /// No answer: connection refused or reset, member gone, connect timeout, stream cut.
    case transport(String)
    /// The request's deadline passed without an answer (a stopped or partitioned member).
    case timeout
    /// The server's certificate (or ours) was refused in the TLS handshake.
    case tls(String)
    /// A member answered but cannot serve now: no leader, leader changed, too many requests, timed out inside
    /// etcd (gRPC Unavailable 14, ResourceExhausted 8, DeadlineExceeded 4, Aborted 10).
    case retryable(code: Int, message: String)
    /// The token expired or the member does not know it (gRPC Unauthenticated 16).
    case invalidToken(String)
    /// Wrong user or password.
    case authenticationFailed(String)
    /// Authentication is enabled on the cluster but no user was given.
    case authenticationRequired(String)
    /// The user's roles do not allow the request (gRPC PermissionDenied 7).
    case permissionDenied(String)
    /// The thing named does not exist (gRPC NotFound 5): a lease that expired or was revoked.
    case notFound(String)
    /// Anything else etcd refused (invalid argument, failed precondition, …), with its message.
    case rejected(code: Int, message: String)
    /// The answer was not the JSON expected.
    case malformed(String)

    /// Whether the next member may do better.
    var movesOn: Bool {
        switch self {
        case .transport, .timeout, .retryable: return true
        default: return false
        }
    }

    /// Sorts an error JSON (`{"error": …, "message": …, "code": N}`) or a bare HTTP status from the gateway.
    static func gateway(body: [UInt8], httpStatus: Int) -> EtcdFailure {
        let decoded = try? JSONDecoding.decode(WireGatewayError.self, from: body)
        let message = (decoded?.message ?? decoded?.error ?? "").trimmingCharacters(in: " \n")
        guard let code = decoded?.code ?? decoded?.grpc_code else {
            let text = message.isEmpty ? String(decoding: body.prefix(200), as: UTF8.self) : message
            if httpStatus == 503 || httpStatus == 429 || httpStatus == 504 || httpStatus == 502 {
                return .retryable(code: 14, message: "HTTP \(httpStatus) \(text)")
            }
            return .malformed("HTTP \(httpStatus): \(text)")
        }
        return grpc(code: code, message: message)
    }

    /// Sorts a gRPC status code and message.
    static func grpc(code: Int, message: String) -> EtcdFailure {
        let lower = message.lowercased()
        switch code {
        case 4, 8, 10, 14: return .retryable(code: code, message: message)
        case 16: return .invalidToken(message)
        case 7: return .permissionDenied(message)
        case 5: return .notFound(message)
        default:
            if lower.contains("authentication failed") || lower.contains("invalid user id or password") {
                return .authenticationFailed(message)
            }
            if lower.contains("user name is empty") {
                return .authenticationRequired(message)
            }
            if lower.contains("invalid auth token") { return .invalidToken(message) }
            if lower.contains("permission denied") { return .permissionDenied(message) }
            if lower.contains("leader changed") || lower.contains("no leader") || lower.contains("timed out")
                || lower.contains("too many requests") || lower.contains("not capable") {
                return .retryable(code: code, message: message)
            }
            return .rejected(code: code, message: message)
        }
    }

    /// Sorts what libcurl reported for a transfer that got no answer: a TLS failure stops (exit 4 with a hint to
    /// `--etcd-cacert`), a timeout or anything else moves on to the next member.
    static func curl(_ code: CURLcode, text: String, osErrno: Int) -> EtcdFailure {
        var detail = text.isEmpty ? CurlRuntime.describe(code) : text
        let lower = detail.lowercased()
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_PEER_FAILED_VERIFICATION:
            if lower.contains("host name") || lower.contains("hostname") || lower.contains("subject name") {
                return .tls("the server certificate does not name this host (\(detail))")
            }
            return .tls("the server certificate is not trusted (\(detail))")
        case CURLE_SSL_CONNECT_ERROR where lower.contains("wrong version number"):
            return .tls("the member does not speak TLS on this port (WRONG_VERSION_NUMBER)")
        case CURLE_SSL_CONNECT_ERROR where osErrno == 0 && !lower.contains("ssl_error_syscall") && !lower.contains("unexpected eof"),
             CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR:
            return .tls(detail)
        default:
            // "Couldn't connect to server" says less than the system's reason ("Connection refused").
            if osErrno != 0, let reason = strerror(Int32(osErrno)).map({ String(cString: $0) }),
               !lower.contains(reason.lowercased()) {
                detail += " (\(reason))"
            }
            return .transport(detail)
        }
    }

    /// The error shown to the user for a failure at `endpoint` that the client will not retry.
    func apnsError(at endpoint: EtcdEndpoint, user: String?) -> APNsError {
        let at = "etcd \(endpoint)"
        switch self {
        case .transport(let reason):
            return .unreachable("\(at): \(reason)", hint: "check that etcd runs there and listens for clients on that port")
        case .timeout:
            return .unreachable("\(at): no answer before the request timeout",
                                hint: "the member may be stopped or cut off; list more members in etcd://HOST:PORT,HOST:PORT/PREFIX")
        case .tls(let reason):
            return .unreachable("\(at): TLS: \(reason)",
                                remedy: EtcdRemedy.trustServerCA)
        case .retryable(let code, let message):
            return .unreachable("\(at): cannot serve now: \(message) (gRPC code \(code))",
                                hint: "the cluster may have lost its quorum or leader; `etcdctl endpoint status --cluster` shows each member")
        case .invalidToken(let message):
            return .badInput("\(at): authentication failed: \(message)",
                             hint: "pass the etcd user and its password (from a file or the environment) again")
        case .authenticationFailed:
            return .badInput("\(at): authentication failed: wrong user or password\(user.map { " (user \($0))" } ?? "")",
                             hint: "check the etcd user and the password file or variable; `etcdctl user get USER` shows the user")
        case .authenticationRequired:
            return .badInput("\(at): authentication failed: the cluster requires a user and none was given",
                             hint: "pass an etcd user and its password (from a file or the environment, never the command line)")
        case .permissionDenied:
            return .keystore("\(at): permission denied\(user.map { " for etcd user \($0)" } ?? "")",
                             hint: "the user's roles do not allow this key; `etcdctl user get USER --detail` shows what they allow")
        case .notFound(let message):
            return .keystore("\(at): not found: \(message)", hint: "a lease that expired or was revoked cannot be used again: grant a new one")
        case .rejected(let code, let message):
            return .keystore("\(at): etcd refused the request: \(message) (gRPC code \(code))",
                             hint: "etcd's own message is above; `etcdctl endpoint status` shows the member")
        case .malformed(let message):
            return .unreachable("\(at): the answer is not etcd's JSON gateway: \(message)",
                                hint: "check that HOST:PORT is an etcd v3 client URL (etcd 3.4 or later)")
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
