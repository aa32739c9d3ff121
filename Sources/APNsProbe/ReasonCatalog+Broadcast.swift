import APNsCore

extension ReasonCatalog {
    /// A channel management call answered as if the server had no management API there (the push port, another
    /// path), or with InvalidPushType: the push reasons' hints (`POST to /3/device/…`, the push types of a device
    /// push) would mislead, so this replaces them.
    public static func channelManagementVerdict(_ verdict: Verdict, reason: String?) -> Verdict {
        if reason == "InvalidPushType" {
            // The push types a device push may carry are beside the point here: a channel carries LiveActivity.
            var adjusted = verdict
            adjusted.hint = "a broadcast channel carries push-type LiveActivity only (apnsctl sends it)"
            return adjusted
        }
        guard reason == "BadPath" || reason == "MethodNotAllowed" else { return verdict }
        var adjusted = verdict
        adjusted.hint = "this server does not serve the channel management API here: check --host and --port "
            + "(APNs: api-manage-broadcast on 2195/2196; the mock: its --channels-port)"
        return adjusted
    }

    /// The reasons of the broadcast channel management API and broadcast pushes (docs/channels.md), with hints.
    static func explainBroadcast(_ reason: String, context: VerdictContext) -> (String, String) {
        switch reason {
        case "BadChannelId":
            return ("the apns-channel-id is not base64 or is too long",
                    "pass the channel id exactly as `apnsctl channel create` or `channel list` printed it")
        case "BadRequestParams":
            return ("APNs refused the request's parameters (message-storage-policy must be 0 or 1)",
                    "use --storage none or --storage most-recent")
        case "BadRequestPayload":
            return ("APNs could not read the request body as the JSON it expects",
                    "send a JSON object: {\"message-storage-policy\":0,\"push-type\":\"LiveActivity\"} to create a channel")
        case "CannotCreateChannelConfig":
            return ("the app has reached its channel limit (10,000 per environment)",
                    "delete channels you no longer use: `apnsctl channel list` then `apnsctl channel delete ID`")
        case "ChannelNotRegistered":
            return ("no such channel for this app in \(context.theEnvironment)",
                    "channels never move between environments: check --env and --topic, and `apnsctl channel list`")
        case "FeatureNotEnabled":
            return ("broadcast push is not enabled for this app",
                    "enable the Broadcast capability for the app's push notifications in the developer account")
        case "MissingChannelId":
            return ("the request has no apns-channel-id header", "name the channel: `apnsctl channel inspect ID`")
        case "MissingPushType":
            return ("the request has no push type", "broadcast channels carry push-type LiveActivity (liveactivity pushes)")
        case "TopicMismatch":
            return ("the credential is not for this app (bundle id)",
                    context.credentialKind == "certificate"
                        ? "the certificate belongs to another bundle id: check --topic against `apnsctl cert inspect`"
                        : "check --topic: the key's team must own the bundle id")
        default:
            return ("an answer apnsctl does not know", "see Apple's 'Handling error responses from APNs'")
        }
    }
}
