import APNsAppStoreConnect
import APNsCore
import APNsCredentials
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which of an App ID's profiles must be renewed, and why; the names the new ones take. Pure.
public enum ProfileRenewalRules {
    /// Why a profile must be renewed.
    public enum Reason: Sendable, Equatable {
        /// Its content has no `aps-environment`: it was made before the App ID had Push Notifications.
        case noAPSEnvironment
        /// Apple says it is not ACTIVE (INVALID: a capability or a certificate changed since it was made).
        case notActive(state: String)
        /// Expired on this date.
        case expired(Date)
        /// Expires within the days asked: on this date, this many whole days left.
        case expiresSoon(Date, daysLeft: Int)
        /// Apple gave no content (or none that reads as a profile): it cannot be used.
        case unreadable(String)

        /// The reason's JSON word.
        public var code: String {
            switch self {
            case .noAPSEnvironment: return "no_aps_environment"
            case .notActive: return "not_active"
            case .expired: return "expired"
            case .expiresSoon: return "expires_soon"
            case .unreadable: return "unreadable"
            }
        }

        /// One line, no command.
        public var words: String {
            switch self {
            case .noAPSEnvironment: return "no aps-environment (made before the App ID had Push Notifications)"
            case .notActive(let state): return "Apple says it is \(state), not ACTIVE"
            case .expired(let date): return "expired on \(ISO8601Text.string(from: date))"
            case .expiresSoon(let date, let days):
                return "expires on \(ISO8601Text.string(from: date)), \(Wording.count(days, "day")) left"
            case .unreadable(let detail): return "its content cannot be used: \(detail)"
            }
        }
    }

    /// The fewest days a profile must have left before it is renewed, unless told otherwise.
    public static let defaultMinimumDays = 30

    /// Why `resource` must be renewed (empty: it need not be). `document` is its content as read (nil: none).
    public static func reasons(_ resource: ProfileResource, document: ProfileDocument?, unreadable: String? = nil,
                               now: Date, minimumDays: Int) -> [Reason] {
        var reasons = [Reason]()
        if let document {
            if document.profile.apsEnvironment == nil { reasons.append(.noAPSEnvironment) }
        } else {
            reasons.append(.unreadable(unreadable ?? "App Store Connect gave no profileContent"))
        }
        if resource.profileState != "ACTIVE" { reasons.append(.notActive(state: resource.profileState)) }
        if let expires = resource.expirationDate ?? document?.profile.expirationDate {
            if expires <= now {
                reasons.append(.expired(expires))
            } else if expires.timeIntervalSince(now) < Double(minimumDays) * 86_400 {
                reasons.append(.expiresSoon(expires, daysLeft: Int(expires.timeIntervalSince(now) / 86_400)))
            }
        }
        return reasons
    }

    /// `name` without a renewal's suffix (" (renewed YYYY-MM-DD…)"). Pure.
    public static func baseName(_ name: String) -> String {
        let marker = " (renewed "
        guard name.hasSuffix(")"), let cut = name.indices.last(where: { name[$0...].hasPrefix(marker) }) else {
            return name
        }
        return String(name[..<cut])
    }

    /// The name a renewed profile takes. With `replace` the old one is deleted first, so the new one keeps the
    /// name. Without it both live at once and Apple refuses two profiles of one name: the new one is the old name
    /// (without an earlier renewal's suffix) with " (renewed YYYY-MM-DD)", and a counter when that is taken too.
    public static func newName(for old: String, replace: Bool, taken: Set<String>, now: Date) -> String {
        if replace { return old }
        let base = baseName(old)
        let day = String(ISO8601Text.string(from: now).prefix(10))
        var candidate = "\(base) (renewed \(day))"
        var counter = 2
        while taken.contains(candidate) || candidate == old {
            candidate = "\(base) (renewed \(day) #\(counter))"
            counter += 1
        }
        return candidate
    }
}
