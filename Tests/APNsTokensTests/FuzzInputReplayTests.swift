import APNsTokens
import Foundation
import Testing
import TestSupport

/// The JWT fuzz target's kept inputs (seeds and crash regressions) replayed through the parser and assessment.
struct FuzzInputReplayTests {
    @Test func tokenInputsParseOrThrow() {
        let inputs = FuzzInputs.files("fuzz-jwt")
        #expect(inputs.count >= 3)
        var parsed = 0
        for (_, bytes) in inputs {
            guard let token = try? ProviderToken(parsing: String(decoding: bytes, as: UTF8.self)) else { continue }
            parsed += 1
            #expect(!TokenAssessment(token: token, now: Date(timeIntervalSince1970: 1_800_000_000)).summary.isEmpty)
        }
        #expect(parsed >= 3)
    }
}
