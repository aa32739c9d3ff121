import APNsModel
import APNsCore
import APNsProbe
import APNsPushRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server a probe or a channel call goes to: an APNs environment, or another host (a mock playing one).
public struct ProbeServer: Sendable, Equatable {
    /// The environment asked for; nil with `host`: a server of unknown environment.
    public var environment: APNsEnvironment?
    /// Another server's host name; nil for Apple's.
    public var host: String?
    /// Another port; nil for the environment's own.
    public var port: Int?
    /// A PEM file of CA certificates to trust instead of the system's.
    public var caFile: String?
    /// Seconds each round may take.
    public var timeout: Double

    public init(environment: APNsEnvironment? = nil, host: String? = nil, port: Int? = nil, caFile: String? = nil,
                timeout: Double = 10) {
        self.environment = environment
        self.host = host
        self.port = port
        self.caFile = caFile
        self.timeout = timeout
    }

    /// The push server (`channels` false) or the channel management host of the environment, or `host`/`port`.
    public func resolve(channels: Bool = false) throws -> ProbeTarget {
        channels ? try ChannelTarget.resolve(environment: environment, host: host, port: port)
                 : try ProbeTarget.resolve(environment: environment, host: host, port: port)
    }

    /// The prober's configuration for `credential` and `canary` against this server's push host: libcurl
    /// started, the host resolved, the CA file checked.
    public func configuration(credential: ProbeCredential, canary: CanaryRequest,
                              count: Int = 1) throws -> ProbeConfiguration {
        CurlRuntime.bootstrap()
        let target = try resolve()
        try checkCAFile()
        return ProbeConfiguration(target: target, credential: credential, caFile: caFile, canary: canary, count: count,
                                  timeout: timeout)
    }

    /// Checks the CA file can be read (its own error names it) before anything is sent.
    func checkCAFile() throws {
        if let caFile { _ = try SecureFile.read(caFile, limit: 16 << 20, offerStandardInput: false) }
    }
}

/// What a probe's canary carries, as given.
public struct CanarySpecification: Sendable, Equatable {
    /// A real device's token (hex); nil: the dummy token.
    public var deviceToken: String?
    /// `apns-topic`; nil: the credential's (a certificate's bundle id).
    public var topic: String?
    /// `apns-push-type`; nil: the credential's (voip for a VoIP Services certificate), else background.
    public var pushType: APNsPushType?
    public var priority: Int?
    public var payload: Payload

    /// The canary's body.
    public enum Payload: Sendable, Equatable {
        /// `{"aps":{"content-available":1}}`.
        case standard
        /// This JSON text.
        case text(String)
        /// The JSON in this file.
        case file(String)
    }

    public init(deviceToken: String? = nil, topic: String? = nil, pushType: APNsPushType? = nil,
                priority: Int? = nil, payload: Payload = .standard) {
        self.deviceToken = deviceToken
        self.topic = topic
        self.pushType = pushType
        self.priority = priority
        self.payload = payload
    }

    /// The canary request, with `defaultTopic` when no topic is given and `defaultPushType` (else background)
    /// when no push type is given.
    public func request(defaultTopic: String?, defaultPushType: APNsPushType? = nil) throws -> CanaryRequest {
        var token = DeviceToken.dummy
        if let deviceToken {
            token = try DeviceToken(parsing: deviceToken)
        }
        let body: [UInt8]
        switch payload {
        case .standard: body = CanaryRequest.defaultPayload
        case .text(let text): body = Array(text.utf8)
        case .file(let path): body = try SecureFile.read(path, limit: 64 * 1024, offerStandardInput: false)
        }
        return CanaryRequest.canary(deviceToken: token, topic: topic ?? defaultTopic,
                                    pushType: pushType ?? defaultPushType ?? .background, priority: priority, payload: body)
    }
}

/// A probe to run: the server, the credential, the canary (or, for the channel management host, a read-only
/// list of the app's channels), and how many at once.
public struct ProbePlanRequest {
    public var server: ProbeServer
    public var credential: ProbeCredentialSource
    public var canary: CanarySpecification
    /// Check the broadcast channel management host instead of sending a push.
    public var channels: Bool
    /// Canaries sent at once on one connection.
    public var count: Int

    public init(server: ProbeServer, credential: ProbeCredentialSource, canary: CanarySpecification,
                channels: Bool = false, count: Int = 1) {
        self.server = server
        self.credential = credential
        self.canary = canary
        self.channels = channels
        self.count = count
    }
}

/// A probe, planned: the prober's configuration, where it goes, and the credential resolved.
public struct ProbePlan {
    public var configuration: ProbeConfiguration
    public var target: ProbeTarget
    public var credential: ResolvedProbeCredential
    /// What Apple's documentation advises against in the canary (none for the default canary).
    public var warnings: [PushWarning] = []
    /// Whether the probe checks the broadcast channel management host instead of sending a push.
    public var channels = false

    /// A round's report as the probe gives it: for a channel management check, without a device token, with the
    /// channel management host's verdict and, when healthy, a summary saying what was accepted; unchanged for a
    /// push.
    public func channelReport(_ report: ProbeReport) -> ProbeReport {
        guard channels else { return report }
        var report = report
        // No device token and no push type: a GET of the app's channel list.
        report.deviceToken = ""
        report.dummyDeviceToken = false
        report.verdict = ReasonCatalog.channelManagementVerdict(report.verdict, reason: report.reason)
        if report.verdict.outcome == .healthy {
            report.verdict.summary = "the channel management host accepted TLS, HTTP/2 and the credential "
                + "(\(report.status.map(String.init) ?? "2xx") to a read-only all-channels request)"
        }
        return report
    }
}

/// Why a probe could not be planned (besides its credential's ``ProbeCredentialError`` and the libraries' errors).
public enum ProbePlanError: Error, Equatable {
    /// A channel management check needs the app's bundle id: no topic was given and the credential implies none.
    case channelsNeedBundleID
}

/// Plans a probe: resolves the server and the credential, builds the canary, checks the CA file and (for a push)
/// the canary as APNs would, before anything is sent.
public enum ProbePlanning {
    /// The plan for `request`. A certificate APNs will refuse for its dates is refused as soon as it is read
    /// (``CertificateValidityProblem``, the certificate judge's, as `device check` refuses it): nothing is sent.
    public static func plan(_ request: ProbePlanRequest, now: Date = Date()) throws -> ProbePlan {
        CurlRuntime.bootstrap()
        let target = try request.server.resolve(channels: request.channels)
        let resolved = try ProbeCredentialResolution.resolve(
            request.credential, environment: target.environment, topic: request.channels ? nil : request.canary.topic,
            now: now)
        if let problem = resolved.certificateValidity { throw problem }
        var configuration: ProbeConfiguration
        if request.channels {
            guard let topic = request.canary.topic ?? resolved.defaultTopic else {
                throw ProbePlanError.channelsNeedBundleID
            }
            try request.server.checkCAFile()
            configuration = ProbeConfiguration(
                target: target, credential: resolved.credential, caFile: request.server.caFile,
                canary: ChannelRequest.list(bundleID: APNsPushType.bundleID(ofTopic: topic)), count: request.count,
                timeout: request.server.timeout)
        } else {
            let canary = try request.canary.request(defaultTopic: resolved.defaultTopic,
                                                    defaultPushType: resolved.defaultPushType)
            configuration = try request.server.configuration(credential: resolved.credential, canary: canary,
                                                             count: request.count)
        }
        configuration.signingKey = resolved.signingKey
        let warnings = request.channels ? [] : try Prober(configuration).validate()
        return ProbePlan(configuration: configuration, target: target, credential: resolved, warnings: warnings,
                         channels: request.channels)
    }
}
