import APNsKeystore

extension DiscoveryRemedy {
    /// The hint `key discover` prints, naming its options and the commands that help.
    var words: String {
        switch self {
        case .askSomeEnvironment: return "probe Apple's hosts, or --env E --host H --port N"
        case .checkNetwork: return "check the network and --host/--port/--cacert; \(NextStep("doctor", carries: [])) checks this machine"
        case .explainAnswer(let keyID):
            let step = NextStep(words: ["probe", "--key-id", keyID] + Invocation.current.unless("--env", "ENV")
                                    + Invocation.current.unless("--topic", "TOPIC"), carries: .canary)
            return "\(step) explains the answer; "
                + "run discover again once it is about the key's environment"
        case .checkPortal(let revokedOrForeign):
            return revokedOrForeign ? "check the key in Apple's developer portal (is it revoked, or another team's?)"
                                    : "check the key in Apple's developer portal"
        case .askOtherEnvironment(let keyID):
            return "probe the other environment too: \(NextStep("key", "discover", keyID, carries: [.keystore, .topic])) "
                + "asks both of Apple's hosts"
        case .discoverAgain: return "a key covers the same topics wherever it works: run discover again"
        case .lookUpTopics(let keyID, let topic, let recorded):
            // `key import` records a scope over a legacy one only: a declared or discovered record is fixed.
            let record = recorded == .legacy
                ? "record them: \(NextStep("key", "import", "AuthKey_\(keyID).p8", "--team", "TEAMID", "--env", "ENV", "--topics", "a,b"))"
                : "the \(recorded.rawValue) record cannot be imported over, so check what the portal says"
            return "look up the key's topics in Apple's developer portal and \(record) (and check that "
                + "\(topic) is one of the team's topics: APNs refuses another team's topic the same way)"
        case .scope(let remedy): return remedy.words
        case .askBothEnvironments(let keyID):
            return "ask both environments: \(NextStep("key", "discover", keyID, carries: [.keystore, .topic]))"
        }
    }
}
