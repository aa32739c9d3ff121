import ArgumentParser

/// `--ca FILE`, defined here only (issue 40 §3), with its two meanings told apart in their help: the verbs that
/// judge Apple's credentials (`cert join`, `profile inspect`, `profile verify`, `app check`) trust it *besides*
/// Apple's CAs (``TrustedCAOption``); `cert verify`'s chain check verifies *instead of* against Apple's CAs
/// (``ChainCAOption``), since it says which CA vouched for the certificate.
struct TrustedCAOption: ParsableArguments {
    @Option(name: .customLong("ca"), help: ArgumentHelp(
        "A CA certificate (PEM or DER) trusted besides Apple's: a test or private CA; repeatable.", valueName: "FILE"),
            completion: .file())
    var caFiles: [String] = []
}

/// `cert verify --ca FILE`: see ``TrustedCAOption``.
struct ChainCAOption: ParsableArguments {
    @Option(name: .customLong("ca"), help: ArgumentHelp(
        "CA certificates (PEM) the chain must verify against instead of Apple's: a test or private CA.",
        valueName: "FILE"), completion: .file())
    var ca: String?
}
