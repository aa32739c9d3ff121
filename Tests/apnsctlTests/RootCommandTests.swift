import Foundation
import Testing

@Suite struct RootCommandTests {
    @Test func helpListsEveryCommandGroupAndExitCodes() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        for group in ["cert", "key", "keystore", "token", "probe", "mock", "doctor", "demo"] {
            #expect(result.stdout.contains("  \(group)"), "help lacks \(group)")
        }
        #expect(result.stdout.contains("EXIT CODES"))
    }

    @Test func anUnknownFlagIsAUsageErrorWithAHint() throws {
        let result = try CLI.run(["cert", "inspect", "--no-such-flag"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("apnsctl: error: ") == true)
        #expect(lines.last?.hasPrefix("apnsctl: hint: ") == true)
        #expect(result.stdout.isEmpty)
    }
}
