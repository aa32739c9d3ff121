import Foundation
import Testing

/// Hints that name the flags the verbs have: each was wrong once (a flag renamed, a command that is refused).
@Suite struct RightHintTests {
    /// A retired key named for signing: the hint names `--key-id` (the flag `token` and `probe` take), not `--key`.
    @Test func aKeyThatMayNotSignNamesKeyID() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "NEW0000001"], ks)
        try KeystoreCLI.ok(["key", "rotate", "--team", "DEF123GHIJ", "--to", "NEW0000001"], ks)
        let refused = try KeystoreCLI.run(["token", "--key-id", "ABC123DEFG"], ks)
        #expect(refused.status == 5)
        #expect(refused.stderr.contains("apnsctl: error: key ABC123DEFG is retired and never signs new tokens"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("apnsctl: hint: use the team's active key: leave --key-id out\n"),
                "\(refused.stderr)")
    }
}
