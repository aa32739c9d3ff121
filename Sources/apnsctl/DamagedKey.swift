import APNsCore
import APNsCredentials

/// The CLI's words for a private key that fails the pairwise check, where a library's error gave a hint meant
/// for another problem (the keystore's .p8 reader, which `key import`, `token inspect --key` and signing with a
/// stored key go through, hints at the file's format and calls it "not a .p8 signing key").
enum DamagedKey {
    /// `error` with the hint for a damaged key when it names the pairwise check; otherwise `error` unchanged.
    static func reworded(_ error: APNsError) -> APNsError {
        guard error.message.contains(PrivateKey.pairwiseCheckName) else { return error }
        return APNsError(error.status, error.message.replacing("not a .p8 signing key: ", with: ""),
                         hint: CredentialError(.inconsistentKey, "").defaultHint)
    }
}
