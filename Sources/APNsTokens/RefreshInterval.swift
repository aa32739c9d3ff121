import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How old a cached provider token may get before a new one is signed.
///
/// APNs answers `429 TooManyProviderTokenUpdates` to a provider that refreshes more often than every
/// 20 minutes and `403 ExpiredProviderToken` to a token more than 60 minutes old, so only whole minutes
/// from 20 to 59 are allowed. The default is 50 minutes.
public struct RefreshInterval: Sendable, Equatable, CustomStringConvertible {
    /// The shortest interval APNs tolerates.
    public static let minimumMinutes = 20
    /// The longest interval that still leaves a token valid when it is replaced.
    public static let maximumMinutes = 59
    /// 50 minutes.
    public static let `default` = RefreshInterval(uncheckedMinutes: 50)
    /// APNs refuses a token whose `iat` is older than this: one hour.
    public static let tokenLifetime: TimeInterval = 60 * 60

    /// Whole minutes.
    public let minutes: Int

    /// The interval in seconds.
    public var seconds: TimeInterval { TimeInterval(minutes * 60) }

    /// Checks the range; throws ``RefreshIntervalError/outOfRange(minutes:)`` otherwise.
    public init(minutes: Int) throws(RefreshIntervalError) {
        guard (Self.minimumMinutes...Self.maximumMinutes).contains(minutes) else {
            throw .outOfRange(minutes: minutes)
        }
        self.minutes = minutes
    }

    /// Parses `50`, `50m` or `50min`.
    public init(parsing text: String) throws(RefreshIntervalError) {
        var digits = text.trimmingSpaces().lowercased()
        for suffix in ["minutes", "min", "m"] where digits.hasSuffix(suffix) {
            digits = String(digits.dropLast(suffix.count))
            break
        }
        guard let value = Int(digits) else {
            throw .notMinutes(text)
        }
        try self.init(minutes: value)
    }

    private init(uncheckedMinutes: Int) { minutes = uncheckedMinutes }

    public var description: String { "\(minutes) minutes" }
}
