import APNsProbe
import ArgumentParser

/// `apnsctl channel list`: every channel id of an app in one environment, one a line.
struct ChannelList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an app's broadcast channel ids, one a line.",
        discussion: """
        EXAMPLES
          apnsctl channel list --topic com.example.app --team DEF123GHIJ

        """ + ChannelRun.discussionTail)

    @OptionGroup var app: ChannelAppOptions

    @OptionGroup var target: ProbeTargetOptions

    @OptionGroup(title: "Credential")
    var credential: ProbeCredentialOptions

    func run() async throws {
        _ = try ChannelRun.send(ChannelRequest.list(bundleID: app.topic), operation: "list", app: app, target: target,
                                credential: credential) { result in
            (result.channels ?? []).joined(separator: "\n")
        }
    }
}
