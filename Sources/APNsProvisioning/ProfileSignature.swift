#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who signed a provisioning profile, and whether that can be trusted.
///
/// JSON (inside a profile report): `signature` (the state), `signature_detail`, `signer`, `trust_anchor`,
/// `signature_checked_at`.
public struct ProfileSignature: Sendable, Equatable {
    /// The four answers `profile inspect` gives.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// The CMS signature is good and the signer chains to Apple Root CA (or a `--ca` anchor).
        case verified
        /// The signature is good, but the signer does not chain to a trusted anchor.
        case untrusted
        /// The content was altered after signing, or the signature is broken.
        case invalid
        /// A bare property list, or a CMS message without a signer.
        case unsigned
    }

    /// The answer.
    public var state: State
    /// One line saying why.
    public var detail: String
    /// The signer certificate's subject, when there is a signer.
    public var signer: String?
    /// The common name of the anchor the chain ended at (`Apple Root CA`), when verified.
    public var trustAnchor: String?
    /// The time the chain was judged at (the profile's `CreationDate`), when a chain was checked.
    public var checkedAt: Date?

    public init(state: State, detail: String, signer: String? = nil, trustAnchor: String? = nil,
                checkedAt: Date? = nil) {
        self.state = state
        self.detail = detail
        self.signer = signer
        self.trustAnchor = trustAnchor
        self.checkedAt = checkedAt
    }
}
