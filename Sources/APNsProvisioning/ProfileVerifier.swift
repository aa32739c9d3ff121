import APNsCore
import APNsCredentials
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks of `profile verify`, as pure logic over a read profile (and perhaps a push certificate).
///
/// Check names: `signature`, `expiry`, `aps_environment`, `bundle_id`, `team`, `certificate_expiry`,
/// `certificate_environment`.
public struct ProfileVerifier: Sendable {
    /// The environment the profile must grant (`--env`); nil: any, but `aps-environment` must be present.
    public var environment: APNsEnvironment?
    /// A bundle id the app id must cover (`--bundle-id`).
    public var bundleID: String?
    /// The push certificate the provider uses (`--cert`): same team, environments covering the profile's.
    public var certificate: APNsCertificate?
    /// The fewest days that must be left (`--min-days`); 0 means "not expired".
    public var minimumDays: Int = 0
    /// "Now".
    public var now: Date = Date()
    /// True when ``now`` was set by the user (`--at`): the words then name that instant ("expired 3 days before
    /// 2030-01-01T00:00:00Z"), since "3 days ago" would read as relative to today.
    public var atFixedTime = false

    /// The time left until `end`, said relative to ``now``.
    func left(_ end: Date) -> String {
        atFixedTime ? Wording.timeLeft(until: end, at: now) : Wording.timeLeft(until: end, now: now)
    }

    public init() {}

    /// Every check, in order, and the hints for those that failed.
    public func checks(_ document: ProfileDocument) -> (checks: [CertificateCheck], hints: [ProfileHint]) {
        let profile = document.profile
        var checks = [CertificateCheck]()
        var hints = [ProfileHint]()
        let signature = document.signature
        checks.append(CertificateCheck("signature", passed: signature.state == .verified,
                                       "\(signature.state.rawValue): \(signature.detail)"))
        if signature.state == .untrusted {
            hints.append(.testProfilesOnly)
        }
        checks.append(expiry(profile))
        checks.append(environmentCheck(profile, hints: &hints))
        if let bundleID {
            let pattern = profile.bundleID ?? "none"
            checks.append(CertificateCheck("bundle_id", passed: profile.covers(bundleID: bundleID),
                                           profile.covers(bundleID: bundleID)
                                               ? "\(bundleID) is covered by the app id \(pattern)"
                                               : "\(bundleID) is not covered by the app id \(pattern)"))
        }
        if let certificate {
            checks.append(teamCheck(profile, certificate))
            checks.append(certificateExpiry(certificate, hints: &hints))
            checks.append(certificateEnvironment(profile, certificate, hints: &hints))
        }
        return (checks, hints)
    }

    func expiry(_ profile: ProvisioningProfile) -> CertificateCheck {
        guard let expires = profile.expirationDate, let days = profile.daysLeft(at: now) else {
            return CertificateCheck("expiry", .fail, "the profile has no ExpirationDate")
        }
        let end = ProfileDates.iso(expires)
        let left = self.left(expires)
        if expires < now { return CertificateCheck("expiry", .fail, "\(left) (on \(end))") }
        if days < minimumDays {
            return CertificateCheck("expiry", .fail, "\(Wording.only(left)) (until \(end)); "
                                    + "at least \(Wording.count(minimumDays, "day")) required")
        }
        return CertificateCheck("expiry", .pass, "\(left) (until \(end))")
    }

    func environmentCheck(_ profile: ProvisioningProfile, hints: inout [ProfileHint]) -> CertificateCheck {
        guard let granted = profile.apsEnvironment else {
            hints.append(.note("enable Push Notifications for the app id in the developer portal, then regenerate the profile"))
            return CertificateCheck("aps_environment", .fail, "absent: the app's entitlements grant no push notifications")
        }
        let key = profile.apsEnvironmentKey ?? "aps-environment"
        guard let environment else { return CertificateCheck("aps_environment", .pass, "\(key) is \(granted)") }
        if granted == environment.rawValue {
            return CertificateCheck("aps_environment", .pass, "\(key) is \(granted)")
        }
        hints.append(.note("the app's device tokens belong to the \(granted) environment; send there, or build with a \(environment.rawValue) profile"))
        return CertificateCheck("aps_environment", .fail, "\(key) is \(granted), not \(environment.rawValue)")
    }

    func teamCheck(_ profile: ProvisioningProfile, _ certificate: APNsCertificate) -> CertificateCheck {
        let certTeam = certificate.teamID ?? "none"
        let profileTeam = profile.teamID ?? "none"
        let same = certificate.teamID != nil && certificate.teamID == profile.teamID
        return CertificateCheck("team", passed: same, same ? "certificate and profile are both team \(profileTeam)"
                                    : "the certificate is team \(certTeam), the profile team \(profileTeam)")
    }

    /// The push certificate must be valid now, with at least ``minimumDays`` days left (the exact time compared):
    /// an expired certificate cannot send, whatever the profile says.
    func certificateExpiry(_ certificate: APNsCertificate, hints: inout [ProfileHint]) -> CertificateCheck {
        let end = ProfileDates.iso(certificate.notAfter)
        let left = self.left(certificate.notAfter)
        if now < certificate.notBefore {
            return CertificateCheck("certificate_expiry", .fail,
                                    "the push certificate is not valid before \(ProfileDates.iso(certificate.notBefore))")
        }
        if now >= certificate.notAfter {
            hints.append(.renewCertificate)
            return CertificateCheck("certificate_expiry", .fail, "the push certificate \(left) (on \(end))")
        }
        if certificate.notAfter.timeIntervalSince(now) < Double(minimumDays) * 86_400 {
            return CertificateCheck("certificate_expiry", .fail, "the push certificate has \(Wording.only(left)) (until \(end)); "
                                    + "at least \(Wording.count(minimumDays, "day")) required")
        }
        return CertificateCheck("certificate_expiry", .pass, "the push certificate has \(left) (until \(end))")
    }

    func certificateEnvironment(_ profile: ProvisioningProfile, _ certificate: APNsCertificate,
                                hints: inout [ProfileHint]) -> CertificateCheck {
        let has = certificate.environments.isEmpty ? "no APNs environment"
            : certificate.environments.map(\.rawValue).joined(separator: " and ")
        guard let granted = profile.apsEnvironment, let environment = APNsEnvironment(rawValue: granted) else {
            return CertificateCheck("certificate_environment", .fail,
                                    "the profile has no usable aps-environment; the certificate is \(has)")
        }
        if certificate.environments.contains(environment) {
            return CertificateCheck("certificate_environment", .pass,
                                    "the certificate (\(certificate.environmentSummary)) covers \(granted)")
        }
        if environment == .development && certificate.environments == [.production] {
            hints.append(.note("a development profile with a production-only push certificate: the app's device tokens are sandbox tokens; "
                         + "use an Apple Push Notification service SSL (Sandbox & Production) certificate, or a distribution profile"))
        } else {
            hints.append(.note("make a push certificate for \(granted) (Sandbox & Production covers both)"))
        }
        return CertificateCheck("certificate_environment", .fail,
                                "the profile's device tokens are \(granted), the certificate is \(has) only")
    }
}
