import APNsModel
import APNsCore
import APNsProbe

/// An answer whose library verdict points the wrong way off Apple's hosts, with what only the caller knows: the
/// environment asked for, whether the server is Apple's, which key signed and its recorded scope, the CA file.
public enum ProbeVerdictCorrection: Sendable, Equatable {
    /// TLS failed because this side refused the server's certificate: no CA in `caFile` signed it.
    case untrustedServer(host: String, port: Int, caFile: String)
    /// A server that is not Apple's refused the token's key for `environment` (`status` and `reason` as it
    /// answered); which key signed is not known (a ready token), so either the key or the server is the other
    /// environment's.
    case keyOrServerOfOtherEnvironment(status: Int, reason: String, host: String, port: Int,
                                       environment: APNsEnvironment)
    /// A server that is not Apple's refused `key`, whose recorded scope is exactly `environment`: the server plays
    /// the other environment.
    case serverPlaysOtherEnvironment(status: Int, reason: String, host: String, port: Int,
                                     environment: APNsEnvironment, key: SigningKeyDescription)
}

/// Reviews a canary's (or a channel call's) answer for the two cases whose usual hint points the wrong way off
/// Apple's hosts: a key refused for its environment although its recorded scope matches the request (the
/// server plays the other environment), and a TLS failure with a CA file (the server's certificate is not
/// signed by a CA in that file).
public enum ProbeVerdictReview {
    /// The correction for this answer, or nil when the library's verdict stands.
    public static func correction(status: Int?, reason: String?, failure: TransportFailure?, target: ProbeTarget,
                                  signingKey: SigningKeyDescription?, caFile: String?) -> ProbeVerdictCorrection? {
        if let failure, let caFile, isVerificationFailure(failure) {
            return .untrustedServer(host: target.host, port: target.port, caFile: caFile)
        }
        guard let status, status == 403, let reason,
              reason == "BadEnvironmentKeyIdInToken" || reason == "BadEnvironmentKeyInToken",
              let environment = target.environment, !target.isApple else { return nil }
        guard let key = signingKey else {
            return .keyOrServerOfOtherEnvironment(status: status, reason: reason, host: target.host, port: target.port,
                                                  environment: environment)
        }
        guard key.environments == [environment], !key.legacy else { return nil }
        return .serverPlaysOtherEnvironment(status: status, reason: reason, host: target.host, port: target.port,
                                            environment: environment, key: key)
    }

    /// True for a TLS failure in which this side refused the server's certificate (libcurl's "peer failed
    /// verification", or OpenSSL's signature check against a CA of the same name but another key).
    public static func isVerificationFailure(_ failure: TransportFailure) -> Bool {
        guard failure.kind == .tls, failure.tlsAlert == nil else { return false }
        let message = failure.message.lowercased()
        // Verification failures that are not about who signed the certificate.
        if ["subject name", "does not match", "has expired", "not yet valid"].contains(where: message.contains) {
            return false
        }
        if failure.curlCode == 60 { return true } // CURLE_PEER_FAILED_VERIFICATION
        return ["certificate verify failed", "evp lib", "certificate signature failure", "unable to get local issuer",
                "self-signed certificate", "self signed certificate"].contains { message.contains($0) }
    }
}
