import APNsCore
import APNsCredentials

/// The CLI's words for a private key that fails the pairwise check, where a library's error gave a hint meant
/// for another problem (the keystore's .p8 reader, which `key import`, `token inspect --key` and signing with a
/// stored key go through, hints at the file's format and calls it "not a .p8 signing key").
enum DamagedKey {
    /// The keystore's .p8 reader's words around a reader error.
    static let keystoreWording = "not a .p8 signing key: "

    /// `error` with the hint for a damaged key when the keystore's .p8 reader refused a key for failing the
    /// pairwise check; otherwise `error` unchanged (other readers give their own hints).
    static func reworded(_ error: APNsError) -> APNsError {
        guard error.message.contains(keystoreWording + "the "), error.message.contains(PrivateKey.pairwiseCheckName) else {
            return error
        }
        return APNsError(error.status, error.message.replacing(keystoreWording, with: ""),
                         hint: CredentialRemedy.usual(.inconsistentKey).words)
    }
}
