/// A printed next step, `apnsctl VERB ARGUMENTS`, built from the invocation's own context so that it runs as
/// printed: the keystore it used (`--keystore`, `--kek-file`, the etcd options), the server it talked to
/// (`--target`/`--host`/`--port`/`--cacert`), its `--topic` and its `--env`. The one place a hint names a command:
/// no hint holds a hand-written command line (`NextStepTests`, `HintFlagTests`).
///
/// A step says which of the invocation's context its verb takes (``Carries``); an option the step names itself is
/// never carried over it. Values are quoted for a POSIX shell when they need it.
struct NextStep: CustomStringConvertible, Sendable {
    /// The parts of the invocation's context a step's verb takes.
    struct Carries: OptionSet, Sendable {
        let rawValue: Int
        /// `--keystore`, `--kek-file`, `--etcd-*`.
        static let keystore = Carries(rawValue: 1)
        /// `--target`, `--host`, `--port`, `--cacert`.
        static let server = Carries(rawValue: 2)
        /// `--topic`.
        static let topic = Carries(rawValue: 4)
        /// `--env` (a probe's environment, not `key import`'s scope).
        static let environment = Carries(rawValue: 8)
        /// `--team`, `--key-id`, `--cert`, `--token-file`, `--token-env`, `--password-file`, `--password-env`: the
        /// credential of the verbs that send something to a server (probe, the channel verbs).
        static let credential = Carries(rawValue: 16)
        /// `--asc-key`, `--asc-url`, `--cacert`: the App Store Connect verbs' server and key.
        static let appStoreConnect = Carries(rawValue: 32)
        /// `--ca`: the CA a verb that judges profiles trusts besides Apple's (`profile fetch`, `profile renew`,
        /// `app check`): carried only to those (`app push enable` and `profile list` have no `--ca`).
        static let profileCA = Carries(rawValue: 64)
        /// What the verbs that send a canary take: the keystore, the server, the topic and the environment.
        static let canary: Carries = [.keystore, .server, .topic, .environment]
    }

    /// The words after `apnsctl`, as given (placeholders such as `KEYID` included).
    let words: [String]
    let carries: Carries
    /// The invocation the context is read from.
    let invocation: Invocation

    init(_ words: String..., carries: Carries = .keystore, invocation: Invocation = .current) {
        self.init(words: words, carries: carries, invocation: invocation)
    }

    init(words: [String], carries: Carries = .keystore, invocation: Invocation = .current) {
        self.words = words
        self.carries = carries
        self.invocation = invocation
    }

    /// The command line: `apnsctl key purge ABC123DEFG --keystore /srv/ks`.
    var command: String {
        var line = ["apnsctl"] + words.map(Self.quoted)
        let named = Set(words.filter { $0.hasPrefix("--") })
        for (flag, value) in invocation.context(carries) where !named.contains(flag) {
            line += [flag, Self.quoted(value)]
        }
        return line.joined(separator: " ")
    }

    /// The command in backquotes, as hints print it.
    var description: String { "`\(command)`" }

    /// `value` as a POSIX shell word: as is when it holds only safe characters, else in single quotes.
    static func quoted(_ value: String) -> String {
        let safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,=@%+-"
        if !value.isEmpty, value.allSatisfy({ safe.contains($0) }) { return value }
        return "'" + value.replacing("'", with: #"'\''"#) + "'"
    }
}

/// The context options of this process's own command line, in the order given: what ``NextStep`` carries.
struct Invocation: Sendable {
    /// Every `--flag value` of the context options given, in order (repeatable ones, `--target`, more than once).
    let options: [(flag: String, value: String)]

    /// The options of each part of the context.
    static let flags: [(Carries, [String])] = [
        (.keystore, ["--keystore", "--kek-file", "--etcd-cacert", "--etcd-cert", "--etcd-key", "--etcd-user",
                     "--etcd-password-file"]),
        (.server, ["--target", "--host", "--port", "--cacert"]),
        (.topic, ["--topic"]),
        (.environment, ["--env"]),
        (.credential, ["--team", "--key-id", "--cert", "--token-file", "--token-env", "--password-file",
                       "--password-env"]),
        (.appStoreConnect, ["--asc-key", "--asc-url", "--cacert"]),
        (.profileCA, ["--ca"]),
    ]
    typealias Carries = NextStep.Carries

    /// This process's invocation.
    static let current = Invocation(arguments: Array(CommandLine.arguments.dropFirst()))

    /// The context options in `arguments` (`--flag value` and `--flag=value`; nothing after `--`).
    init(arguments: [String]) {
        let known = Set(Self.flags.flatMap(\.1))
        var options = [(flag: String, value: String)]()
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            if let equals = argument.firstIndex(of: "="), known.contains(String(argument[..<equals])) {
                options.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
            } else if known.contains(argument), index < arguments.count {
                options.append((argument, arguments[index]))
                index += 1
            }
        }
        self.options = options
    }

    /// The options of the parts in `carries`, in the order given. A server named with `--host` goes only with its
    /// environment (`--host` needs `--env` wherever a verb asks both environments): without `.environment`, only
    /// `--target` is carried.
    func context(_ carries: Carries) -> [(flag: String, value: String)] {
        var wanted = Set(Self.flags.filter { carries.contains($0.0) }.flatMap(\.1))
        if carries.contains(.server), !carries.contains(.environment), value("--host") != nil {
            wanted.subtract(["--host", "--port", "--cacert"])
        }
        return options.filter { wanted.contains($0.flag) }
    }

    /// `[flag, placeholder]` when the invocation gave no `flag` (a step carrying it then names the given value).
    func unless(_ flag: String, _ placeholder: String) -> [String] {
        value(flag) == nil ? [flag, placeholder] : []
    }

    /// The value of `flag`, when given (the last one).
    func value(_ flag: String) -> String? { options.last { $0.flag == flag }?.value }
}
