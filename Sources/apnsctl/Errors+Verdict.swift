import APNsCore
import APNsModel
import APNsProbe

extension Verdict {
    /// The verdict as the command line shows it: its remedy worded into the hint, naming real options and commands.
    var worded: Verdict { worded(\.words, summary: \.summary) }
}

extension VerdictRemedy {
    /// The hint, as `probe`, the channel verbs and the canaries show it.
    var words: String {
        switch self {
        case .advice(let text): return text
        case .deliverToRealDevice: return "pass --device-token HEX to deliver to a real device"
        case .checkDNS: return "check DNS and network access (\(NextStep("doctor", carries: [])) checks both APNs hosts)"
        case .tryPort2197: return "a firewall may block outbound 443; APNs also listens on 2197 (--port 2197)"
        case .tlsAlert(let alert, let apple, let expiredOn):
            guard let expiredOn else { return Self.alertWords(alert, apple: apple) }
            return Self.alertWords(45, apple: apple) + " (it expired on \(ISO8601Text.string(from: expiredOn)))"
        case .notTLS:
            return "APNs (and \(NextStep("mock", "serve", carries: []))) speak HTTP/2 over TLS only; this port answers in plain text: "
                + "check --port"
        case .trustServerCA: return "trust the server's CA with --cacert FILE"
        case .checkTrustStore:
            return "the trust store may lack USERTrust RSA Certification Authority, the root APNs chains to since 2025: "
                + "\(NextStep("doctor", carries: [])) checks it; also check that nothing intercepts TLS"
        case .checkCertificatePassword: return "check the certificate file and its password (--password-file / --password-env)"
        case .notHTTP2: return "APNs speaks HTTP/2 only (ALPN h2); check --host/--port, or a proxy that downgrades"
        case .raiseTimeout(let seconds):
            return "the server stalled; raise --timeout (now \(String(cFormat: "%g", seconds))s) or check the network path"
        default: return requestWords
        }
    }

    /// The words of the remedies for an answer APNs gave.
    private var requestWords: String {
        switch self {
        case .deviceTokenOfOtherEnvironment(let probed):
            let other = probed?.other.rawValue ?? "other"
            return "the token is most likely from the \(other) environment (a debug build's token sent to production, "
                + "or the reverse); probe with --env \(other)"
        case .checkTopicAgainstApp: return "check --topic against the bundle id of the app that produced the token"
        case .giveTopic: return "pass --topic: token authentication and certificates with several topics need one"
        case .topicNotCovered(let certificate):
            return certificate ? "the certificate does not list this topic; check \(Self.certInspect)"
                               : "the key's team does not own this bundle id; check --team and --topic"
        case .useCurrentCertificate: return "use a current Apple Push Services certificate for this app (\(NextStep("cert", "verify", Self.certFile, carries: [])))"
        case .certificateOfOtherEnvironment(.production?):
            return "this is a sandbox-only (development) certificate used against production: use a production or "
                + "universal certificate, or --env development"
        case .certificateOfOtherEnvironment(.development?):
            return "this is a production-only certificate used against the sandbox: use a development or universal "
                + "certificate, or --env production"
        case .certificateOfOtherEnvironment(nil):
            return "the certificate's environment does not match the server's; check \(Self.certInspect)"
        case .reuseProviderToken:
            return "reuse one token for 20 to 60 minutes (`token` caches it); never sign a token per request"
        case .signFreshToken: return "sign a fresh token (\(Self.tokenIssue)); tokens last 60 minutes"
        case .refreshStaleToken(let minutes):
            return "the token is \(Wording.count(minutes, "minute")) old: sign a fresh one (\(Self.tokenIssue)) and "
                + "refresh every 20–60 minutes"
        case .checkTeamAndKey(let clockAdvice):
            return (clockAdvice.map { $0 + "; otherwise " } ?? "") + "check --team and --key-id against the "
                + "developer account; a revoked key needs rotation (\(Self.rotate))"
        case .giveCredential: return "pass --team (or --key-id), --token-file, or --cert FILE"
        case .certificateNeverRequested:
            return "APNs asks for one on every connection: this server does not take certificate authentication; "
                + "check --host/--port, or authenticate with a token (--team)"
        case .certificateIgnored:
            return "check that the server trusts the certificate's CA and reads client certificates "
                + "(\(NextStep("cert", "verify", Self.certFile, carries: [])) checks the certificate itself)"
        default: return keyWords
        }
    }

    /// The words of the remedies about the signing key's scope, and about broadcast channels.
    private var keyWords: String {
        switch self {
        case .keyOfOtherEnvironment(let probed):
            return "the token's key was made for \(probed.other.hintName), not \(probed.hintName): sign with a "
                + "\(probed.hintAdjective) or both-environment key (the developer portal shows each key's "
                + "environment), or probe with --env \(probed.other.rawValue)"
        case .keyForUnknownEnvironment(let key):
            return "key \(key.keyID) is \(key.environmentWords)\(key.legacy ? " (scope not recorded)" : ""), and this "
                + "server plays another environment: pass --env development|production beside --host to say which, "
                + "and sign with a key for it; \(Self.keyList(key)) shows them"
        case .keyNotForEnvironment(let key, let probed):
            return "key \(key.keyID) is \(key.environmentWords): \(probed.hintName) needs a \(probed.hintAdjective) "
                + "or both-environment key; \(Self.keyList(key)) shows them"
        case .legacyKeyRefused(let key, let probed):
            let other = probed.other
            return "key \(key.keyID)'s scope is not recorded (legacy: assumed both environments), and APNs says it does "
                + "not work in \(probed.hintName): it is most likely a \(other.hintAdjective)-only key; record that with "
                + "\(NextStep("key", "import", "AuthKey_\(key.keyID).p8", "--team", key.teamID, "--env", other.rawValue)) "
                + "(or let \(Self.discover(key)) ask the servers) and sign for \(probed.hintName) with a "
                + "\(probed.hintAdjective) or both-environment key; \(Self.keyList(key)) shows them"
        case .recordedScopeWrong(let key, let probed):
            return "key \(key.keyID) is recorded as \(key.environmentWords), but APNs refuses it in \(probed.hintName): "
                + "the recorded scope is wrong (a declared scope is not imported over): \(Self.discover(key)) "
                + "asks the servers and records what they answer; \(Self.keyList(key)) shows them"
        case .unrelatedKey(let key):
            let what = key.topics.map { "topic-specific (\($0.joined(separator: ", ")))" } ?? "team-scoped"
            return "key \(key.keyID) is \(what): \(ReasonCatalog.connectionKeyRule); open one connection per unrelated "
                + "key; \(Self.keyList(key)) shows the keys' scopes"
        case .noChannelManagementAPI:
            return "this server does not serve the channel management API here: check --host and --port "
                + "(APNs: api-manage-broadcast on 2195/2196; the mock: its --channels-port)"
        case .channelIDAsPrinted: return "pass the channel id exactly as `channel create` or \(Self.channel("list")) printed it"
        case .storagePolicy: return "use --storage none or --storage most-recent"
        case .deleteUnusedChannels:
            return "delete channels you no longer use: \(Self.channel("list")) then \(Self.channel("delete", "ID"))"
        case .channelOfOtherEnvironment:
            return "channels never move between environments: check --env and --topic, and \(Self.channel("list"))"
        case .nameChannel: return "name the channel: \(Self.channel("inspect", "ID"))"
        case .channelsCarryLiveActivity: return "a broadcast channel carries push-type LiveActivity only (the channel verbs send it)"
        case .credentialForOtherApp(let certificate):
            return certificate ? "the certificate belongs to another bundle id: check --topic against \(Self.certInspect)"
                               : "check --topic: the key's team must own the bundle id"
        default: return advice
        }
    }

    /// The summary, for the remedies whose words replace it (it names the option that gave the certificate, or
    /// the program).
    var summary: String? {
        switch self {
        case .certificateNeverRequested(let answer):
            return "\(answer): the server did not ask for a client certificate in the TLS handshake, so the "
                + "certificate given with --cert was never sent"
        case .certificateIgnored(let answer):
            return "\(answer): the server answered as if no client certificate had been sent, although --cert was given"
        case .unknownAnswer(let answer, let status):
            return "\(answer): an answer apnsctl does not know (status \(status))"
        default: return nil
        }
    }

    /// "`apnsctl key list --team T`", which shows the team's keys and their scopes.
    private static func keyList(_ key: SigningKeyDescription) -> String {
        NextStep("key", "list", "--team", key.teamID).description
    }

    /// `key discover KEYID` against the same servers, topic and keystore (`--host` with its `--env`).
    private static func discover(_ key: SigningKeyDescription) -> String {
        NextStep("key", "discover", key.keyID, carries: .canary).description
    }

    /// A channel verb with the invocation's app, server and credential.
    private static func channel(_ words: String...) -> String {
        NextStep(words: ["channel"] + words, carries: [.canary, .credential]).description
    }

    /// `key rotate` for the invocation's team (else the placeholder TEAMID).
    private static var rotate: String {
        NextStep("key", "rotate", "--team", Invocation.current.value("--team") ?? "TEAMID", "--to-key", "NEWID").description
    }

    /// The certificate file given with `--cert`, else the placeholder FILE.
    static var certFile: String { Invocation.current.value("--cert") ?? "FILE" }

    /// `cert inspect` of the certificate given.
    private static var certInspect: String { NextStep("cert", "inspect", certFile, carries: []).description }

    /// `token issue` for the same keystore, environment and topic.
    private static var tokenIssue: String {
        NextStep(words: ["token", "issue"] + (Invocation.current.value("--team").map { ["--team", $0] } ?? []),
                 carries: [.keystore, .topic, .environment]).description
    }

    /// What to do about fatal TLS alert `alert` from the server (`apple`: one of Apple's servers).
    private static func alertWords(_ alert: Int, apple: Bool) -> String {
        let whose = apple ? "Apple" : "the server's client CA (the mock's --client-ca)"
        switch alert {
        case 45:
            return "the client certificate has expired: make a new one in the developer account "
                + "(\(NextStep("cert", "request"))), or use token authentication (--team)"
        case 44: return "the client certificate was revoked: make a new one in the developer account"
        case 42, 43, 46, 48, 51:
            return "the server does not trust the client certificate: use an Apple Push Services certificate "
                + "issued by \(whose) for this environment (\(NextStep("cert", "verify", certFile, carries: [])))"
        case 116: return "the server requires a client certificate: pass --cert FILE, or authenticate with a token (--team)"
        case 40, 70, 71:
            return "the server refused the TLS handshake itself (version or cipher): APNs needs TLS 1.2 or newer; "
                + "check that nothing between here and the server intercepts TLS"
        default: return "the server ended the TLS connection; check its logs, and the certificate passed with --cert"
        }
    }
}
