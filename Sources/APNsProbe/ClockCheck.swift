import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `doctor`'s clock check: this machine's clock against the `Date` header of an HTTPS server (the APNs hosts, or
/// `--host`). APNs judges a provider token's `iat` by its own clock, so a skewed clock here is the classic cause
/// of ExpiredProviderToken and InvalidProviderToken.
public enum ClockCheck {
    /// What one server said: the offset its Date header implies, or why there is none.
    public struct Observation: Sendable, Equatable {
        public var host: String
        public var offset: Double?
        public var problem: String?
        /// The failure, when the server gave no HTTP answer (its TLS certificate did not verify, say).
        public var failure: TransportFailure?

        public init(host: String, offset: Double?, problem: String? = nil, failure: TransportFailure? = nil) {
            self.host = host
            self.offset = offset
            self.problem = problem
            self.failure = failure
        }
    }

    public static let ntpHint = "provider tokens are judged by APNs's clock: a skewed clock gives ExpiredProviderToken or "
        + "InvalidProviderToken; sync it with NTP (`timedatectl set-ntp true`, or chrony/ntpd)"

    /// The check for the first observation with an offset; when none has one, says plainly that the clock could
    /// not be checked, and why.
    public static func judge(_ observations: [Observation]) -> DoctorCheck {
        if let seen = observations.first(where: { $0.offset != nil }), let offset = seen.offset {
            let versus = "this clock is \(ClockOffset.describe(offset)) (\(seen.host)'s Date header)"
            return ClockOffset.isSkewed(offset)
                ? DoctorCheck("clock", .fail, versus, hint: ntpHint)
                : DoctorCheck("clock", .pass, versus)
        }
        let why = observations.map { "\($0.host): \($0.problem ?? "no Date header")" }.joined(separator: "; ")
        return DoctorCheck("clock", .warn, "cannot check this machine's clock: " + (why.isEmpty ? "no server to ask" : why),
                           remedy: .compareClockElsewhere)
    }

    /// Asks each target in turn (one HTTP/2 request without credentials: any answer carries the server's Date)
    /// until one answers with a Date header; at most `timeout` seconds each.
    public static func observe(_ targets: [ProbeTarget], caFile: String?, timeout: Double) -> [Observation] {
        var observations: [Observation] = []
        for target in targets {
            let name = target.port == 443 ? target.host : "\(target.host):\(target.port)"
            let transport = HTTP2Transport(target: target, credential: .none, caFile: caFile, timeout: timeout)
            let request = CanaryRequest(method: "GET", deviceToken: .dummy, topic: nil, pushType: nil, priority: nil,
                                        expiration: nil, payload: [])
            guard let exchange = try? transport.send([request]).first else {
                observations.append(Observation(host: name, offset: nil, problem: "libcurl could not start",
                                                failure: TransportFailure(kind: .other, message: "libcurl could not start")))
                continue
            }
            if let failure = exchange.failure {
                observations.append(Observation(host: name, offset: nil, problem: "unreachable (\(failure.message))",
                                                failure: failure))
                continue
            }
            let offset = ClockOffset.offset(dateHeader: exchange.headers["date"], localReceived: exchange.receivedAt)
            observations.append(Observation(host: name, offset: offset,
                                            problem: offset == nil ? "answered without a Date header" : nil))
            if offset != nil { break }
        }
        return observations
    }
}
