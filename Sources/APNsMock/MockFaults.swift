import APNsCore
import APNsModel

/// Misbehaviour on request, for testing clients against answers the validator never gives: a server error,
/// a stalled server, a connection ended with GOAWAY. Off by default.
public struct MockFaults: Sendable, Equatable {
    /// Answer every request with this reason (and its status) instead of validating it, e.g.
    /// `.serviceUnavailable`, `.internalServerError`, `.tooManyRequests`, `.idleTimeout`.
    public var forcedReason: APNsReason?
    /// Read every request but never answer it: a stalled server. Requests are still recorded and logged.
    public var stall: Bool
    /// Answer every request by sending the connection a GOAWAY with `{"reason": …}` and closing it.
    public var goAway: APNsReason?

    public init(forcedReason: APNsReason? = nil, stall: Bool = false, goAway: APNsReason? = nil) {
        self.forcedReason = forcedReason
        self.stall = stall
        self.goAway = goAway
    }

    /// No faults: validate and answer every request.
    public static let none = MockFaults()
}
