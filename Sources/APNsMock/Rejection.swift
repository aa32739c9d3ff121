import APNsCore
import APNsModel
import APNsPushRules
/// A failed check inside the validator: the reason APNs would give and a line for the log.
struct Rejection: Error, Equatable {
    var reason: APNsReason
    var detail: String

    init(_ reason: APNsReason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }
}

extension Rejection {
    /// A refusal of the shared push rules, with the reason and words they give.
    init(_ refusal: PushRefusal) {
        self.init(refusal.reason, refusal.detail)
    }
}

