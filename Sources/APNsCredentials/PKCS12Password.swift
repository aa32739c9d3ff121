import COpenSSL

extension PKCS12 {
    /// A PKCS#12 password as OpenSSL's PKCS#12 functions take it.
    ///
    /// PKCS#12 has two encodings of an empty password: the empty BMPString (two zero bytes, what
    /// `openssl pkcs12 -passout pass:` writes) and no password at all (zero bytes, what macOS Keychain and Java
    /// write). They derive different keys for the MAC and for the PKCS#12 PBE ciphers (RC2-40, 3DES), so the
    /// encoding that verifies a file's MAC must also decrypt its bags. OpenSSL takes the second as a NULL pointer.
    struct Password: Sendable, Equatable {
        /// The text, or nil for no password at all.
        let text: String?

        /// No password at all: a NULL pointer of length 0.
        static let absent = Password(text: nil)
        /// The empty BMPString (two zero bytes).
        static let emptyText = Password(text: "")

        /// Both encodings of the empty password, in the order they are tried.
        static let emptyEncodings = [emptyText, absent]

        /// Calls `body` with the pointer and length OpenSSL's PKCS#12 functions take (-1: NUL-terminated).
        func withOpenSSL<Result>(_ body: (UnsafePointer<CChar>?, Int32) -> Result) -> Result {
            guard let text else { return body(nil, 0) }
            return text.withCString { body($0, -1) }
        }
    }
}
