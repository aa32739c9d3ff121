import ArgumentParser

/// `--out FILE`, defined once (issue 40 §3): the file a verb writes its result to instead of standard output
/// (`cert join`: the export). A directory of outputs is `--out-dir DIR`.
struct OutOption: ParsableArguments {
    @Option(name: .customLong("out"), help: ArgumentHelp(
        "Write the result to FILE instead of standard output.", valueName: "FILE"), completion: .file())
    var out: String?
}

/// `--out DIR` of the verbs that write several files into a directory (`profile fetch`, `profile renew`: issue 41
/// names it so), defined once beside ``OutOption`` with its own help: the directory is created when missing.
struct OutDirectoryOption: ParsableArguments {
    @Option(name: .customLong("out"), help: ArgumentHelp(
        "The directory the files are written to (created when missing).", valueName: "DIR"), completion: .directory)
    var directory: String
}

/// `--force`, defined once (issue 40 §3): replace an output file that exists. Nothing else is called `--force`
/// (`key revoke` says `--allow-active`).
struct ForceOption: ParsableArguments {
    @Flag(name: .customLong("force"), help: "Replace an output file that already exists.")
    var force = false
}
