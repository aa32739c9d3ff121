import APNsCore
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One broadcast channel management call (create, read, delete, list) to make.
public struct ChannelCallRequest {
    /// The call: one of ``ChannelRequest``'s requests.
    public var request: CanaryRequest
    /// `create`, `inspect`, `delete` or `list`, for the result.
    public var operation: String
    /// The app's bundle id.
    public var bundleID: String
    /// The management host (of an environment, or another server).
    public var server: ProbeServer
    public var credential: ProbeCredentialSource

    public init(request: CanaryRequest, operation: String, bundleID: String, server: ProbeServer,
                credential: ProbeCredentialSource) {
        self.request = request
        self.operation = operation
        self.bundleID = bundleID
        self.server = server
        self.credential = credential
    }
}

/// A channel call made: APNs's answer (or the transport's failure) with the signing key named, where it went,
/// and the credential used.
public struct ChannelCallOutcome {
    public var result: ChannelResult
    public var target: ProbeTarget
    public var credential: ResolvedProbeCredential
}

/// Makes a channel management call with a probe's credential: resolves the host and the credential (a keystore
/// key must cover the host's environment), sends, and names the key that signed. The verdict is the library's;
/// the caller words it.
public enum ChannelCall {
    /// Sends `call`. A certificate APNs will refuse for its dates is refused before connecting: the certificate
    /// judge's ``CertificateValidityProblem`` is thrown and nothing is sent, as `probe` and `device check` refuse it.
    public static func send(_ call: ChannelCallRequest, now: Date = Date()) throws -> ChannelCallOutcome {
        CurlRuntime.bootstrap()
        let target = try call.server.resolve(channels: true)
        let resolved = try ProbeCredentialResolution.resolve(call.credential, environment: target.environment, now: now)
        if let problem = resolved.certificateValidity { throw problem }
        try call.server.checkCAFile()
        let client = ChannelClient(target: target, credential: resolved.credential, caFile: call.server.caFile,
                                   timeout: call.server.timeout, signingKey: resolved.signingKey)
        var result = try client.send(call.request, operation: call.operation, bundleID: call.bundleID)
        if result.keyID == nil, let token = resolved.tokenKey {
            result.keyID = token.keyID
            result.teamID = token.teamID
        }
        return ChannelCallOutcome(result: result, target: target, credential: resolved)
    }
}
