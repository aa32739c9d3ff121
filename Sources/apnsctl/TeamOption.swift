import APNsModel
import ArgumentParser

/// `--team TEAMID`, defined once (issue 40 §3): Apple's team id, with the same help, completion and syntax check in
/// every verb. A verb that cannot do without it asks ``required()`` in its `validate()`.
struct TeamOption: ParsableArguments {
    @Option(name: .customLong("team"), help: ArgumentHelp(
        "The Apple team id (10 characters, A–Z and 0–9).", valueName: "TEAMID"), completion: KeystoreCompletion.teams)
    var team: String?

    /// The team id's syntax, checked once here: the words are ``ModelError``'s, its hint after a semicolon.
    func validate() throws {
        guard let team else { return }
        do {
            try AppleIdentifier.check(team, as: .team)
        } catch {
            let refusal = error.presented
            throw ValidationError(refusal.message + (refusal.hint.isEmpty ? "" : "; " + refusal.hint))
        }
    }

    /// The team, for a verb that needs one: ArgumentParser's words for a missing option when it is not given.
    func required() throws -> String {
        guard let team else { throw ValidationError("Missing expected argument '--team <TEAMID>'") }
        return team
    }
}
