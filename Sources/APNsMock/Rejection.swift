import APNsCore
import APNsModel
/// A failed check inside the validator: the reason APNs would give and a line for the log.
struct Rejection: Error, Equatable {
    var reason: APNsReason
    var detail: String

    init(_ reason: APNsReason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }
}
