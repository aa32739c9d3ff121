import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MockCore {
    /// Routes a request to what answers it: the channel management API on the channels listener; broadcast pushes
    /// (`/4/broadcasts/…`) and ordinary pushes on the push listener.
    func answer(_ request: MockRequest, listener: MockListener, connection: inout ConnectionAuthState,
                now: Date) -> MockResponse {
        let checks = BroadcastChecks(validator: validator, store: channels,
                                     disabledBundleIDs: broadcastDisabledBundleIDs)
        switch listener {
        case .channels:
            return ChannelRequestHandler(checks: checks).handle(request, connection: &connection, now: now)
        case .push where ChannelPath.isBroadcast(request.path):
            return BroadcastValidator(checks: checks).validate(request, connection: &connection, now: now)
        case .push:
            return validator.validate(request, connection: &connection, now: now)
        }
    }
}
