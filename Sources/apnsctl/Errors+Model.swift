import APNsCore
import APNsModel

extension ModelError: UserFacingError {
    /// A refused identifier, key scope or device token: a usage error (exit 2), worded by APNsCore's `APNsError(_:)`.
    var presented: APNsError { APNsError(self) }
}
