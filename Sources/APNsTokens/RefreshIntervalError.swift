/// Why a token refresh interval was refused; the CLI words it with the option that gave the value.
public enum RefreshIntervalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A whole number of minutes outside ``RefreshInterval/minimumMinutes``…``RefreshInterval/maximumMinutes``.
    case outOfRange(minutes: Int)
    /// Text that is not a number of minutes (`50`, `50m` and `50min` are).
    case notMinutes(String)

    /// What APNs does to tokens refreshed too often or kept too long: the reason for the range.
    public static let reason = "APNs answers 429 TooManyProviderTokenUpdates to tokens refreshed more often than every "
        + "20 minutes, and 403 ExpiredProviderToken to tokens older than 60"

    /// The refusal without the option's name: "refresh interval 19: must be 20 to 59 minutes".
    public var description: String {
        switch self {
        case .outOfRange(let minutes):
            return "refresh interval \(minutes): must be \(RefreshInterval.minimumMinutes) to "
                + "\(RefreshInterval.maximumMinutes) minutes"
        case .notMinutes(let text): return "refresh interval \(text): not a number of minutes"
        }
    }
}
