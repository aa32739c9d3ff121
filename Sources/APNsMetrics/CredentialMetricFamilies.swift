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
}
