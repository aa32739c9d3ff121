import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What to do about a probe's answer, as a value: which remedy applies, with what its words need (the alert, the
/// environment probed, the signing key…). The command line words each case, naming its options and commands
/// (``Verdict/worded(_:)``); advice that names none is ``advice(_:)``, in the library's words.
public enum VerdictRemedy: Remedy, Equatable {
    /// Advice that names no option or command.
    case advice(String)

    // MARK: The transport

    /// The dummy device token was accepted as expected: a real device token delivers.
    case deliverToRealDevice
    /// The host does not resolve: check DNS; the machine check tests both of Apple's hosts.
    case checkDNS
    /// No TCP connection on 443: a firewall may block it, and APNs also listens on 2197.
    case tryPort2197
    /// The server ended the TLS handshake with fatal alert `alert`. `apple`: the server is one of Apple's (else its
    /// client CA is a mock's or another server's); `certificateExpiredOn`: the client certificate sent had expired
    /// then (the alert is then worded as 45, certificate expired, whatever the server chose).
    case tlsAlert(Int, apple: Bool, certificateExpiredOn: Date?)
    /// The port answers in plain text, not TLS.
    case notTLS
    /// The server's certificate does not verify and the server is not Apple's: trust its CA.
    case trustServerCA
    /// The server's certificate does not verify and the server is Apple's: the trust store may lack its root.
    case checkTrustStore
    /// The client certificate could not be used: check the file and its password.
    case checkCertificatePassword
    /// The server answered over HTTP/1.x.
    case notHTTP2
    /// The server did not answer within `seconds`.
    case raiseTimeout(seconds: Double)

    // MARK: The request

    /// 400 BadDeviceToken: the token is most likely `probed`'s other environment's (`probed` nil: another server).
    case deviceTokenOfOtherEnvironment(probed: APNsEnvironment?)
    /// 400 DeviceTokenNotForTopic: the topic is not the bundle id of the app that produced the token.
    case checkTopicAgainstApp
    /// 400 MissingTopic: token authentication and certificates with several topics need a topic.
    case giveTopic
    /// 400 TopicDisallowed: `certificate` (else a key's team) does not cover the topic.
    case topicNotCovered(certificate: Bool)
    /// 403 BadCertificate: use a current push certificate.
    case useCurrentCertificate
    /// 403 BadCertificateEnvironment against `probed` (nil: another server).
    case certificateOfOtherEnvironment(probed: APNsEnvironment?)

    // MARK: The provider token

    /// 429 TooManyProviderTokenUpdates: reuse one token for 20 to 60 minutes (the token cache does).
    case reuseProviderToken
    /// 403 ExpiredProviderToken without a known issue time: sign a fresh token.
    case signFreshToken
    /// 403 ExpiredProviderToken for a token `minutes` old by this machine's clock.
    case refreshStaleToken(minutes: Int)
    /// 403 InvalidProviderToken: check the team and key; `clockAdvice` (flag-free) comes first when a clock skew
    /// may explain it.
    case checkTeamAndKey(clockAdvice: String?)
    /// 403 MissingProviderToken with no credential at all.
    case giveCredential
    /// 403 MissingProviderToken: the server never asked for the client certificate given. Its words replace the
    /// verdict's summary after `answer` ("403 MissingProviderToken"), which names the option that gave it.
    case certificateNeverRequested(answer: String)
    /// 403 MissingProviderToken although a client certificate was given (and asked for). Its words replace the
    /// verdict's summary after `answer`, as for ``certificateNeverRequested(answer:)``.
    case certificateIgnored(answer: String)

    // MARK: The key's scope

    /// The token's key is of the other environment than `probed`; the keystore does not know the key.
    case keyOfOtherEnvironment(probed: APNsEnvironment)
    /// `key` refused by a server whose environment is not known.
    case keyForUnknownEnvironment(SigningKeyDescription)
    /// `key`'s recorded scope does not cover `probed`.
    case keyNotForEnvironment(SigningKeyDescription, probed: APNsEnvironment)
    /// A legacy `key` (scope not recorded) refused in `probed`: most likely the other environment's only.
    case legacyKeyRefused(SigningKeyDescription, probed: APNsEnvironment)
    /// `key` recorded as covering `probed`, refused there: the record is wrong.
    case recordedScopeWrong(SigningKeyDescription, probed: APNsEnvironment)
    /// 403 UnrelatedKeyIdInToken for the keystore's `key` (without a keystore key the remedy is advice).
    case unrelatedKey(SigningKeyDescription)

    // MARK: Broadcast channels

    /// The channel management call reached a server without the management API there.
    case noChannelManagementAPI
    /// BadChannelId: pass the id as printed.
    case channelIDAsPrinted
    /// BadRequestParams: the storage policy is none or most-recent.
    case storagePolicy
    /// CannotCreateChannelConfig: the app's channel limit.
    case deleteUnusedChannels
    /// ChannelNotRegistered: channels stay in their environment.
    case channelOfOtherEnvironment
    /// MissingChannelId: name the channel.
    case nameChannel
    /// TopicMismatch: `certificate` (else a key's team) is not for the bundle id.
    case credentialForOtherApp(certificate: Bool)
    /// InvalidPushType from the channel management API: a channel carries LiveActivity, which the prober sends.
    case channelsCarryLiveActivity

    // MARK: An answer outside Apple's documents

    /// A status and reason Apple does not document. Its words replace the verdict's summary after `answer`
    /// ("`status` `reason`"), since they name the program that does not know it.
    case unknownAnswer(answer: String, status: Int)

    /// The words the library says itself: ``advice(_:)``'s, a flag-free form of the remedies that name no option
    /// (the command line's words add what the program does); empty for a remedy only the command line words.
    public var advice: String {
        switch self {
        case .advice(let text): return text
        case .reuseProviderToken: return "reuse one token for 20 to 60 minutes; never sign a token per request"
        case .channelsCarryLiveActivity: return "a broadcast channel carries push-type LiveActivity only"
        case .unknownAnswer: return "see Apple's 'Handling notification responses from APNs' for this reason"
        default: return ""
        }
    }
}
