import APNsCore
import APNsModel
import APNsOperations
import APNsProbe
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every `channel` verb takes besides the probe's target and credential options: the app, the output.
struct ChannelAppOptions: ParsableArguments {
    @OptionGroup var topicOption: TopicOption
    var topic: String { topicOption.topic ?? "" }

    @OptionGroup var output: FormatOptions

    func validate() throws {
        _ = try topicOption.required()
        let bundleID = APNsPushType.bundleID(ofTopic: topic)
        if bundleID != topic {
            throw ValidationError("--topic \(topic): channels belong to the app; use its bundle id \(bundleID)")
        }
        if topic.isEmpty || topic.contains("/") || topic.contains(" ") {
            throw ValidationError("--topic \(topic) is not a bundle id")
        }
    }
}

/// Sends one channel management call with the probe's target and credential options and reports it: the
/// result as JSON or text on stdout; on failure the probe's error and hint on stderr and its exit code
/// (1 APNs refused, 3 a credential refused before sending, as probe refuses an expired certificate, 4 not reachable).
enum ChannelRun {
    static func send(_ request: CanaryRequest, operation: String, app: ChannelAppOptions, target given: ProbeTargetOptions,
                     credential: ProbeCredentialOptions, text: (ChannelResult) -> String) throws -> ChannelResult {
        let target = try given.selected()
        let call = ChannelCallRequest(request: request, operation: operation, bundleID: app.topic, server: target.server,
                                      credential: credential.source())
        let outcome = try ChannelCall.send(call)
        var result = outcome.result
        result.verdict = ProbeHints.refine(result.verdict, status: result.status, reason: result.reason,
                                           failure: result.failure, target: outcome.target,
                                           signingKey: outcome.credential.signingKey, cacert: target.cacert)
        let key = ReportText.signingKey(keyID: result.keyID, teamID: result.teamID,
                                        environments: result.keyEnvironments, topics: result.keyTopics)
        if app.output.format == .json {
            try Console.printJSON(result)
        } else if result.verdict.outcome == .healthy {
            print(text(result))
            // `create` and `list` print ids for scripts on stdout: the signing key goes to stderr there.
            if let key {
                if operation == "create" || operation == "list" {
                    StandardStream.error.write("signing key: \(key)\n".utf8)
                } else {
                    print("signing key: \(key)")
                }
            }
        }
        guard result.verdict.outcome == .healthy else {
            if app.output.format == .text, let key { StandardStream.error.write("signing key: \(key)\n".utf8) }
            let error = APNsError(result.verdict.exitStatus, result.verdict.summary, hint: result.verdict.hint)
            Console.printError(error)
            throw ExitCode(error.status.rawValue)
        }
        return result
    }

    /// The discussion's shared part: where the calls go, and what is refused before sending.
    static let discussionTail = """
    Channels are managed at api-manage-broadcast.sandbox.push.apple.com:2195 (--env development, the \
    default) and api-manage-broadcast.push.apple.com:2196 (--env production) with the probe's credentials; \
    --host and --port (or --target ENV=HOST:PORT, one per environment) name another server, such as `apnsctl \
    mock serve --channels-port`. Nothing is kept \
    locally: `channel list` is the truth. A certificate APNs would refuse for its dates is refused before \
    connecting, as `probe` refuses it: exit 3, nothing sent.
    """
}
