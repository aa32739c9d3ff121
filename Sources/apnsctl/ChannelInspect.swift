import APNsProbe
import ArgumentParser

/// `apnsctl channel inspect ID`: one channel's configuration as APNs keeps it.
struct ChannelInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a broadcast channel's configuration.",
        discussion: """
        EXAMPLES
          apnsctl channel inspect dHN0LXNyY2gtY2hubA== --topic com.example.app \\
            --team DEF123GHIJ

        """ + ChannelRun.discussionTail)

    @Argument(help: ArgumentHelp("The channel id (base64), as `channel create` or `channel list` printed it.",
                                 valueName: "ID"))
    var id: String

    @OptionGroup var app: ChannelAppOptions

    @OptionGroup var target: ProbeTargetOptions

    @OptionGroup(title: "Credential")
    var credential: ProbeCredentialOptions

    func run() async throws {
        _ = try ChannelRun.send(ChannelRequest.read(bundleID: app.topic, channelID: id), operation: "inspect", app: app,
                                target: target, credential: credential) { result in
            """
            channel: \(id)
            app: \(app.topic)
            environment: \(result.environment?.rawValue ?? "\(result.host):\(result.port)")
            storage: \(result.storage?.rawValue ?? result.storagePolicy.map { "policy \($0)" } ?? "unknown")
            """
        }
    }
}
