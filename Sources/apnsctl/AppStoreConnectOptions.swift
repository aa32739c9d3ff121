import APNsAppStoreConnect
import APNsKeystore
import APNsOperations
import ArgumentParser

/// `--asc-key KEYID`, `--asc-url URL`, `--cacert FILE`: which App Store Connect API key signs the requests and
/// which server they go to, the same in every verb that talks to App Store Connect (docs/provisioning.md). The
/// keystore holding the key is chosen with ``KeystoreOptions``.
struct AppStoreConnectOptions: ParsableArguments {
    @OptionGroup var server: AppStoreConnectServerOptions

    @Option(name: .customLong("cacert"), help: ArgumentHelp(
        "CA certificate(s) to trust for --asc-url (PEM), instead of the system's.", valueName: "FILE"),
            completion: .file())
    var caFile: String?

    var keyID: String? { server.keyID }
    var url: String { server.baseURL }

    /// The keystore's App Store Connect key (`--asc-key`, or its only one), ready to sign.
    func signer(keystore: KeystoreOptions) throws -> AppStoreConnectSigner {
        try AppStoreConnectKeyAccess.signer(keystore: keystore.open(), keyID: keyID)
    }

    /// A client for `--asc-url` whose requests carry tokens of the keystore's App Store Connect key.
    func client(keystore: KeystoreOptions) throws -> AppStoreConnectClient {
        client(signer: try signer(keystore: keystore))
    }

    /// A client for `--asc-url` whose requests carry `signer`'s tokens.
    func client(signer: AppStoreConnectSigner) -> AppStoreConnectClient {
        AppStoreConnectClient(baseURL: url, caFile: caFile, individualKey: signer.isIndividual,
                              token: { try signer.token() })
    }
}

/// `--asc-key KEYID` and `--asc-url URL`, defined once: every App Store Connect verb takes them with
/// ``AppStoreConnectOptions``, and `app check --apple` with the `--cacert` its canaries take.
struct AppStoreConnectServerOptions: ParsableArguments {
    @Option(name: .customLong("asc-key"), help: ArgumentHelp(
        "The App Store Connect API key in the keystore (default: its only one).", valueName: "KEYID"))
    var keyID: String?

    @Option(name: .customLong("asc-url"), help: ArgumentHelp(
        "The App Store Connect API server (default: \(AppStoreConnect.appleBaseURL)).", valueName: "URL"))
    var url: String?

    /// `--asc-url`, else Apple's server.
    var baseURL: String { url ?? AppStoreConnect.appleBaseURL }

    /// Whether either option was given.
    var isGiven: Bool { keyID != nil || url != nil }

    func validate() throws {
        if let url, !(url.lowercased().hasPrefix("https://") && url.count > "https://".count) {
            throw ValidationError("--asc-url must be an https:// URL")
        }
    }
}
