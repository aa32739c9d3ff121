import APNsModel

/// What APNs would answer to a request, offline, and what Apple's documentation advises against in it.
public struct PushVerdict: Sendable, Equatable {
    /// The HTTP status APNs would answer: 200, or the refusal's.
    public var status: Int
    /// The refusal, nil when APNs would accept the request (as far as its headers and payload go).
    public var refusal: PushRefusal?
    /// The push type the request carries (nil when `apns-push-type` is not one).
    public var pushType: PushTypeChoice?
    /// The warnings (see ``PushAdvice``).
    public var warnings: [PushWarning]

    /// The reason APNs would answer, nil for 200.
    public var reason: APNsReason? { refusal?.reason }

    /// The verdict on `request`, sent with token authentication to a device of the topic's app.
    public static func of(_ request: PushRequest) -> PushVerdict {
        let choice = try? PushRules.pushType(header: request.header("apns-push-type"), topic: request.header("apns-topic"))
        let warnings = choice.map { PushAdvice.warnings(request, choice: $0) } ?? []
        do throws(PushRefusal) {
            try PushRules.check(request)
            return PushVerdict(status: 200, refusal: nil, pushType: choice, warnings: warnings)
        } catch {
            return PushVerdict(status: error.status, refusal: error, pushType: choice, warnings: warnings)
        }
    }
}
