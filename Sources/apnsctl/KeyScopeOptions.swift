import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser

/// `--env`'s values: the environment a key was created for in Apple's portal.
enum KeyEnvironmentChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case development
    case production
    case both

    var environments: [APNsEnvironment] {
        switch self {
        case .development: return [.development]
        case .production: return [.production]
        case .both: return [.development, .production]
        }
    }
}

/// `--env`, `--topics`, `--team-scoped`, `--related-key`: the scope Apple's portal gave a key (since 17 February
/// 2025), the same on `key import` and `key generate`.
struct KeyScopeOptions: ParsableArguments {
    @Option(name: .customLong("env"), help: ArgumentHelp(
        "The key's environment as chosen in Apple's portal: development (Sandbox), production, or both.",
        valueName: "ENV"))
    var environment: KeyEnvironmentChoice?
    @Option(help: ArgumentHelp("A topic-specific key's topics, comma-separated (at most 400; needs --env "
                               + "development or production).", valueName: "TOPICS"),
            completion: KeystoreCompletion.topics)
    var topics: String?
    @Flag(name: .customLong("team-scoped"), help: "The key is team-scoped: every topic of the team (the default with --env).")
    var teamScoped = false
    @Option(name: .customLong("related-key"), help: ArgumentHelp(
        "A topic-specific key's related key, whose tokens may share its connections.", valueName: "KEYID"),
            completion: KeystoreCompletion.keyIDs)
    var relatedKey: String?

    /// The declared scope; nil when --env is absent (the key is then recorded as legacy). Usage errors (exit 2)
    /// for a combination Apple's portal cannot make.
    func declared() throws -> KeyScope? {
        if topics != nil && teamScoped {
            throw APNsError.usage("--topics and --team-scoped contradict each other",
                                  hint: "a key is topic-specific (--topics a,b) or team-scoped, as the portal shows it")
        }
        guard let environment else {
            if let flag = topics != nil ? "--topics" : teamScoped ? "--team-scoped" : relatedKey != nil ? "--related-key" : nil {
                throw APNsError.usage("\(flag) needs --env development|production|both",
                                      hint: "give the environment the key was created for in Apple's portal")
            }
            return nil
        }
        let restriction: KeyScope.Restriction
        if let topics {
            restriction = .topics(topics.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingSpaces() })
        } else {
            restriction = .team
        }
        do {
            return try KeyScope(environments: environment.environments, restriction: restriction,
                                relatedKeyID: relatedKey, source: .declared)
        } catch {
            throw error.presented
        }
    }
}
