import APNsProbe
import ArgumentParser

/// `apnsctl channel delete ID`: removes a channel at APNs (its subscribers get no more updates).
struct ChannelDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a broadcast channel.",
        discussion: """
        Delete a channel once its event is over: channels count against the app's limit until deleted.

        EXAMPLES
          apnsctl channel delete dHN0LXNyY2gtY2hubA== --topic com.example.app \\
            --team DEF123GHIJ

        """ + ChannelRun.discussionTail)

    @Argument(help: ArgumentHelp("The channel id (base64).", valueName: "ID"))
    var id: String

    @OptionGroup var app: ChannelAppOptions

    @OptionGroup var target: ProbeTargetOptions

    @OptionGroup(title: "Credential")
    var credential: ProbeCredentialOptions

    func run() async throws {
        _ = try ChannelRun.send(ChannelRequest.delete(bundleID: app.topic, channelID: id), operation: "delete", app: app,
                                target: target, credential: credential) { _ in
            "deleted \(id)"
        }
    }
}
