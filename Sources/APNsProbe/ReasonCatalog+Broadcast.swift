import APNsCore

extension ReasonCatalog {
    /// A channel management call answered as if the server had no management API there (the push port, another
    /// path), or with InvalidPushType: the push reasons' hints (`POST to /3/device/…`, the push types of a device
    /// push) would mislead, so this replaces them.
    public static func channelManagementVerdict(_ verdict: Verdict, reason: String?) -> Verdict {
        if reason == "InvalidPushType" {
            // The push types a device push may carry are beside the point here: a channel carries LiveActivity.
            var adjusted = verdict
            adjusted.replaceRemedy(.channelsCarryLiveActivity)
            return adjusted
        }
        guard reason == "BadPath" || reason == "MethodNotAllowed" else { return verdict }
        var adjusted = verdict
        adjusted.replaceRemedy(.noChannelManagementAPI)
        return adjusted
    }

    /// The reasons of the broadcast channel management API and broadcast pushes (docs/channels.md), with remedies;
    /// nil for another reason.
    static func explainBroadcast(_ reason: String, context: VerdictContext) -> Explanation? {
        switch reason {
        case "BadChannelId":
            return Explanation("the apns-channel-id is not base64 or is too long",
                               .channelIDAsPrinted)
        case "BadRequestParams":
            return Explanation("APNs refused the request's parameters (message-storage-policy must be 0 or 1)",
                               .storagePolicy)
        case "BadRequestPayload":
            return Explanation("APNs could not read the request body as the JSON it expects",
                               "send a JSON object: {\"message-storage-policy\":0,\"push-type\":\"LiveActivity\"} to create a channel")
        case "CannotCreateChannelConfig":
            return Explanation("the app has reached its channel limit (10,000 per environment)",
                               .deleteUnusedChannels)
        case "ChannelNotRegistered":
            return Explanation("no such channel for this app in \(context.theEnvironment)",
                               .channelOfOtherEnvironment)
        case "FeatureNotEnabled":
            return Explanation("broadcast push is not enabled for this app",
                               "enable the Broadcast capability for the app's push notifications in the developer account")
        case "MissingChannelId":
            return Explanation("the request has no apns-channel-id header", .nameChannel)
        case "MissingPushType":
            return Explanation("the request has no push type", "broadcast channels carry push-type LiveActivity (liveactivity pushes)")
        case "TopicMismatch":
            return Explanation("the credential is not for this app (bundle id)",
                               .credentialForOtherApp(certificate: context.credentialKind == "certificate"))
        default:
            return nil
        }
    }
}
