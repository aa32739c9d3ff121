import APNsCredentials
import ArgumentParser

/// `--identity N` / `--friendly-name NAME`: read one identity (a private key and its certificate) of a .p12 that
/// holds several, instead of refusing the file as ambiguous. The same in every command that reads a .p12.
struct IdentityOptions: ParsableArguments {
    @Option(help: ArgumentHelp("In a .p12 holding several identities, read the Nth (its Nth private key and that key's certificate; from 1).",
                               valueName: "N"))
    var identity: Int?

    @Option(name: .customLong("friendly-name"), help: ArgumentHelp(
        "In a .p12 holding several identities, read the one whose certificate has this friendly name (as Keychain shows it).",
        valueName: "NAME"))
    var friendlyName: String?

    func validate() throws {
        if identity != nil && friendlyName != nil {
            throw ValidationError("--identity and --friendly-name cannot be used together")
        }
        if let identity, identity < 1 { throw ValidationError("--identity counts from 1") }
    }

    /// The identity chosen, if any.
    var chosen: PKCS12.Identity? {
        if let identity { return .number(identity) }
        return friendlyName.map { .friendlyName($0) }
    }

    /// `reader` reading the identity chosen.
    func reader(_ reader: CredentialReader) -> CredentialReader {
        var reader = reader
        reader.identity = chosen
        return reader
    }

    /// The hint for a file refused because several identities match: how to choose one.
    static let ambiguityHint = "read one identity with --identity N or --friendly-name NAME (`apnsctl cert inspect FILE` lists them)"
}
