import APNsCore
import APNsCredentials

/// The CLI's words for a private key that fails the pairwise check, where a library's error gave a hint meant
/// for another problem (the keystore's .p8 reader hints at the file's format).
enum DamagedKey {
    /// Runs `body`; an error naming the pairwise check gets the hint for a damaged key instead of its own.
    static func rehinted<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as APNsError where error.message.contains(PrivateKey.pairwiseCheckName) {
            throw APNsError(error.status, error.message.replacing("not a .p8 signing key: ", with: ""),
                            hint: CredentialError(.inconsistentKey, "").defaultHint)
        }
    }
}
