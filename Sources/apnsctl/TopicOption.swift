import ArgumentParser

/// `--topic TOPIC`, defined once (issue 40 §3): an apns-topic, the app's bundle id with a push type's suffix where
/// that type has one. Repeatable where a verb checks several (`cert verify`); elsewhere the last one given counts.
struct TopicOption: ParsableArguments {
    @Option(name: .customLong("topic"), help: ArgumentHelp(
        "The apns-topic: the app's bundle id, with the push type's suffix (.voip, .complication, …) where it has one.",
        valueName: "TOPIC"), completion: KeystoreCompletion.topics)
    var topics: [String] = []

    /// The topic, when given (the last, when given more than once).
    var topic: String? { topics.last }

    /// The topic, for a verb that needs one: ArgumentParser's words for a missing option when it is not given.
    func required() throws -> String {
        guard let topic else { throw ValidationError("Missing expected argument '--topic <TOPIC>'") }
        return topic
    }
}
