import APNsProbe
import ArgumentParser

/// `apnsctl channel create`: a new broadcast channel for an app; prints its id.
struct ChannelCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a broadcast channel and print its id.",
        discussion: """
        --storage none: APNs stores nothing for devices that are offline; most-recent: it keeps the latest \
        message for them. At most 10,000 channels per app and environment (400 CannotCreateChannelConfig beyond).

        EXAMPLES
          apnsctl channel create --topic com.example.app --team DEF123GHIJ
          apnsctl channel create --topic com.example.app --env production \\
            --cert push.p12 --storage none --format json

        """ + ChannelRun.discussionTail)

    @OptionGroup var app: ChannelAppOptions

    @Option(help: "What APNs stores for offline devices: none or most-recent.")
    var storage: ChannelRequest.Storage = .mostRecent

    @OptionGroup var target: ProbeTargetOptions

    @OptionGroup(title: "Credential")
    var credential: ProbeCredentialOptions

    func run() async throws {
        _ = try ChannelRun.send(ChannelRequest.create(bundleID: app.topic, storage: storage), operation: "create",
                                app: app, target: target, credential: credential) { result in
            result.channelID ?? ""
        }
    }
}

extension ChannelRequest.Storage: ExpressibleByArgument {}
