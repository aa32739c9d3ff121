import ArgumentParser

/// `--out FILE`, defined once (issue 40 §3): the file a verb writes its result to instead of standard output
/// (`cert join`: the export). A directory of outputs is `--out-dir DIR`.
struct OutOption: ParsableArguments {
    @Option(name: .customLong("out"), help: ArgumentHelp(
        "Write the result to FILE instead of standard output.", valueName: "FILE"), completion: .file())
    var out: String?
}

/// `--force`, defined once (issue 40 §3): replace an output file that exists. Nothing else is called `--force`
/// (`key revoke` says `--allow-active`).
struct ForceOption: ParsableArguments {
    @Flag(name: .customLong("force"), help: "Replace an output file that already exists.")
    var force = false
}
