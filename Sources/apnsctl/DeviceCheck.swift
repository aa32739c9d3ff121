import APNsCore
import APNsModel
import APNsOperations
import APNsProbe
import APNsPushRules
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl device check`: which environment each device token belongs to, from APNs's answers to one silent
/// canary (the other environment only after `400 BadDeviceToken`).
struct DeviceCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Which environment each device token belongs to (a silent canary, never an alert).",
        discussion: """
        \(DeviceCheckOutput.notice)

        Each token gets {"aps":{"content-available":1}} with apns-push-type background, apns-priority 5 and \
        apns-expiration 0, first in production (--first development to change it) and, only on 400 \
        BadDeviceToken, in the other environment (--env restricts to one). Verdicts: development, production, \
        unregistered (410, with APNs's time), other_app (DeviceTokenNotForTopic), invalid (BadDeviceToken in \
        both), inconclusive (the credential was refused, a key or certificate problem, or the network failed).

        --tokens FILE (- for stdin) reads one hex token a line (blank lines and # comments skipped; a malformed \
        line is reported with its number and skipped; a token read again is reported and not sent again) and \
        writes JSON Lines (--format text: a line), one per token as it is classified, then a summary on stderr. \
        One HTTP/2 connection per environment, at most --concurrency streams on each (and no more than the \
        server allows); a canary whose stream failed is sent once more on a fresh connection. --dry-run prints \
        what would be sent.

        Exit 0 when every token is a development or production token; 1 when a token is unregistered, another \
        app's, invalid, not in the one environment asked, or inconclusive; 2 for no token, no credential, \
        contradicting options, or a canary APNs would refuse (checked before sending); 3 when a token, the token \
        file or the credential cannot be read or used (no token in the file, an expired client certificate); 4 \
        when a server cannot be reached.
        """)

    @Argument(help: ArgumentHelp("Device tokens (hex).", valueName: "TOKEN"))
    var deviceTokens: [String] = []

    @Option(name: .customLong("tokens"), help: ArgumentHelp(
        "Read the tokens from FILE, one a line (- for stdin); JSON Lines out.", valueName: "FILE|-"),
            completion: .file())
    var tokenFile: String?

    /// apns-topic: the app's bundle id (required).
    @OptionGroup var topicOption: TopicOption
    var topic: String { topicOption.topic ?? "" }

    @OptionGroup var target: ProbeTargetOptions

    @OptionGroup(title: "Credential")
    var credential: ProbeCredentialOptions

    @Option(help: ArgumentHelp("The environment tried first (default production).", valueName: "ENV"))
    var first: APNsEnvironment?

    @Option(help: ArgumentHelp("Streams in flight at most on each connection.", valueName: "N"))
    var concurrency = DeviceClassification.defaultConcurrency

    @Flag(name: .customLong("dry-run"), help: "Print what would be sent, and send nothing.")
    var dryRun = false

    @OptionGroup var output: InputDefaultedFormatOptions

    func validate() throws {
        _ = try topicOption.required()
        if tokenFile != nil, !deviceTokens.isEmpty {
            throw ValidationError("give tokens as arguments or with --tokens FILE, not both")
        }
        if tokenFile == nil, deviceTokens.isEmpty, !dryRun {
            throw ValidationError("no device token: give TOKEN… or --tokens FILE")
        }
        guard (1...1000).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 1000") }
        if let first, let only = target.env, first != only {
            throw ValidationError("--first \(first.rawValue) contradicts --env \(only.rawValue)")
        }
    }

    func run() throws {
        CurlRuntime.bootstrap()
        let source = credential.source()
        if case .none = source {
            throw APNsError.usage("device check needs a credential",
                                  hint: "give --team (a keystore key per environment), --key-id, --token-file, "
                                      + "--token-env or --cert")
        }
        if target.host != nil, target.env == nil {
            throw APNsError.usage("--host names one server: say which environment it plays with --env",
                                  hint: "add --env development or --env production, or use --target ENV=HOST:PORT")
        }
        let order = DeviceClassification.order(only: target.env, first: first)
        let environments: [DeviceCheckEnvironment]
        do {
            environments = try DeviceClassification.environments(order, servers: target.canaryServers, source: source,
                                                                 topic: topic)
        } catch let refusal as PushRefusal {
            // probe's words; the hint for device check's canary, a background push that takes no --push-type.
            throw APNsError(.usage, refusal.presented.message + "; nothing sent",
                            hint: "device check sends a background canary: pass the app's bundle id, --topic "
                                + APNsPushType.bundleID(ofTopic: topic))
        }
        // A token file's results are JSON Lines unless --format text is given.
        let format = output.format ?? (tokenFile != nil && !dryRun ? .json : .text)
        let render = DeviceCheckOutput(format: format, topic: topic)
        render.announce()
        if dryRun {
            try render.dryRun(environments, tokens: try dryRunCount())
            return
        }
        let request = DeviceCheckRequest(topic: topic, environments: environments, concurrency: concurrency)
        let summary: DeviceCheckSummary
        if let tokenFile {
            summary = try checkFile(tokenFile, request: request, render: render)
        } else {
            let entries = try deviceTokens.map { DeviceTokenEntry(token: try Self.parse($0)) }
            var iterator = entries.makeIterator()
            var results: [DeviceCheckResult] = []
            var duplicates: [DeviceTokenDuplicates.Duplicate] = []
            summary = try DeviceClassification.run(request, next: { iterator.next() }, event: { event in
                if case .duplicate(let duplicate) = event { duplicates.append(duplicate) }
                warn(event, source: nil)
            }, classified: { results.append($0) })
            try render.table(results.sorted { $0.index < $1.index }, summary: summary, duplicates: duplicates)
        }
        let status = summary.exitStatus
        if status != .ok { throw ExitCode(status.rawValue) }
    }

    /// A token given as an argument; a malformed one is bad input (exit 3).
    static func parse(_ text: String) throws -> DeviceToken {
        do {
            return try DeviceToken(parsing: text)
        } catch {
            throw APNsError(.badInput, "device token \(DeviceTokenText.quoted(text)): \(DeviceTokenLines.problem(error))",
                            hint: "give the token the app logged, in hex: deviceToken.map { String(format: \"%02x\", $0) }.joined()")
        }
    }
}
