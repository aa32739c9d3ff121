@testable import APNsMock
import Foundation
import Testing

/// The per-request helpers rewritten for speed answer as before: topic syntax over bytes, the first repeated header
/// without a Set, and random ids from a block of kernel randomness.
struct HotPathHelpersTests {
    @Test(arguments: ["com.example.app", "com.example.app.voip", "A-b_c.D9", "x", "0.1"])
    func topicsOfLettersDigitsDotsDashesAndUnderscores(_ topic: String) {
        #expect(HeaderSyntax.isTopic(topic))
    }

    @Test(arguments: ["", ".", ".com.example", "com.example.", "com..example", "com.exa mple", "com/example",
                      "com.exämple", "com.example\u{301}", "com.example\n", "com.€", "com.example:app"])
    func notTopics(_ text: String) {
        #expect(!HeaderSyntax.isTopic(text))
    }

    @Test func theFirstRepeatedHeaderIsNamed() {
        func request(_ names: [String]) -> MockRequest {
            MockRequest(method: "POST", path: "/3/device/ab", headers: names.map { MockHeader($0, "v") }, body: [])
        }
        #expect(request([]).duplicatedHeaderName == nil)
        #expect(request(["a", "b", "c"]).duplicatedHeaderName == nil)
        #expect(request(["a", "b", "b", "a"]).duplicatedHeaderName == "b")
        #expect(request(["a", "b", "c", "A"]).duplicatedHeaderName == "a")
    }

    @Test func randomIDsAreVersion4AndDistinctAcrossBlocks() {
        // 1000 ids span several 4096-byte blocks (256 ids each).
        let ids = (0..<1000).map { _ in UUID.randomV4() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4)
            #expect(id.uuid.8 >> 6 == 0b10)
            #expect(HeaderSyntax.isCanonicalUUID(id.lowercasedString))
            #expect(id.lowercasedString == id.uuidString.lowercased(), "the same text as Foundation's, lowercased")
        }
    }
}
