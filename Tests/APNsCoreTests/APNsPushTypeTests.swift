import APNsCore
import APNsModel
import Testing

/// The topic suffix rule, over bytes, gives what the Character-wise rule it replaced gave, for every kind of topic.
struct APNsPushTypeTests {
    /// The rule as it was written before: `hasSuffix` and `count` on Characters.
    static func characterWise(_ topic: String) -> String {
        for suffix in APNsPushType.allSuffixes where topic.hasSuffix(suffix) && topic.count > suffix.count {
            return String(topic.dropLast(suffix.count))
        }
        return topic
    }

    @Test func bundleIDsAreWhatTheCharacterWiseRuleGave() {
        var topics = ["com.example.app", "", "a", "é", "com.exämple.app", "com.example.app.é", "日本.アプリ"]
        for suffix in APNsPushType.allSuffixes {
            topics += [suffix, "x" + suffix, "com.example.app" + suffix, "com.exämple.app" + suffix, "é" + suffix,
                       "com.example.app" + suffix + "x", "com.example.app" + suffix.dropLast() + "é",
                       "com.example.app" + suffix + "\u{301}", String(suffix.dropFirst())]
            for other in APNsPushType.allSuffixes { topics.append("com.example.app" + other + suffix) }
        }
        for topic in topics {
            #expect(APNsPushType.bundleID(ofTopic: topic) == Self.characterWise(topic), "\(topic)")
        }
        #expect(APNsPushType.bundleID(ofTopic: "com.example.app.voip") == "com.example.app")
        #expect(APNsPushType.topicSuffix(of: "com.example.app") == nil)
    }
}
