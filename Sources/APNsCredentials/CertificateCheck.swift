/// One line of `cert verify`: what was checked, whether it passed, and why.
///
/// JSON: `{"name": "environment", "status": "pass", "detail": "development and production (universal)"}`.
/// `status` is `pass`, `fail`, or `skipped` (a check that could not run, e.g. no key given; not a failure).
public struct CertificateCheck: Codable, Sendable, Equatable {
    /// Outcome of one check.
    public enum Status: String, Codable, Sendable {
        case pass
        case fail
        case skipped
    }

    /// Stable name: `parses`, `topics_extension`, `key_size` (only when the key is too weak for APNs), `validity`, `environment`, `topic:<topic>`, `private_key`,
    /// `chain`, `client_auth`.
    public var name: String
    /// Whether it passed, failed, or could not run.
    public var status: Status
    /// Human reason, one line.
    public var detail: String

    /// A check with an explicit status.
    public init(_ name: String, _ status: Status, _ detail: String) {
        self.name = name
        self.status = status
        self.detail = detail
    }

    /// A check that passed or failed.
    public init(_ name: String, passed: Bool, _ detail: String) {
        self.init(name, passed ? .pass : .fail, detail)
    }
}
