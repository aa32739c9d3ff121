/// The credential families that `expiry --format prometheus` and the exporter both write, named once so the two
/// never drift. Every duration is in seconds, Prometheus's base unit (`promtool check metrics` refuses days).
public enum CredentialMetricFamilies {
    /// A certificate's or profile's not-after, unix seconds.
    public static let expiry = MetricFamily(name: "apnsctl_credential_expiry_timestamp_seconds",
                                            help: "When the credential expires (not after), unix seconds.")
    /// Seconds from the scan (or the scrape) to the not-after; negative once expired.
    public static let timeLeft = MetricFamily(
        name: "apnsctl_credential_time_left_seconds",
        help: "Seconds until the credential expires (not after minus now); negative once expired.")
    /// A `.p8` signing key's age: such keys never expire.
    public static let keyAge = MetricFamily(name: "apnsctl_signing_key_age_seconds",
                                            help: "Age of a .p8 signing key in seconds (it never expires).")
    /// A pending certificate request's age.
    public static let pendingRequestAge = MetricFamily(
        name: "apnsctl_pending_request_age_seconds",
        help: "Age of a pending certificate request in seconds (cert request).")
    /// A certificate or profile its judge (`cert verify`'s, `profile verify`'s) refuses: 1 per credential, with the
    /// credential's labels and `check`, the first check that failed (`signature`, `chain`, `aps_environment`, …).
    public static let refused = MetricFamily(
        name: "apnsctl_credential_refused",
        help: "1 per certificate or profile its judge refuses; check: the first check that failed.")
}
