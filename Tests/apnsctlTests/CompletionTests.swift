import Foundation
import Testing

/// Runs the committed bash completion script in a real bash and checks what it offers.
@Suite struct CompletionTests {
    static let script = CLI.repositoryRoot.appendingPathComponent("completions/apnsctl.bash").path

    /// COMPREPLY for the command line `words`, completing the last word.
    func complete(_ words: [String], environment extra: [String: String] = [:]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
        source '\(Self.script)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _apnsctl apnsctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "-c", program]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        process.environment = environment.merging(extra) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func completesASubcommand() throws {
        #expect(try complete(["apnsctl", "ce"]) == ["cert"])
        #expect(try Set(complete(["apnsctl", "k"])) == ["key", "keystore"])
        #expect(try complete(["apnsctl", "cert", "ver"]) == ["verify"])
    }

    @Test func completesAFlag() throws {
        #expect(try complete(["apnsctl", "cert", "inspect", "--form"]) == ["--format"])
        #expect(try complete(["apnsctl", "probe", "--time"]) == ["--timeout"])
    }

    @Test func completesKeyIDsAndTeamsFromTheKeystore() throws {
        let directory = CLI.temporaryDirectory("completion")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", "COMPTEAM01",
                             "--key-id", "COMPKEY001"]).status == 0)
        let environment = ["APNSCTL_KEYSTORE": keystore]
        #expect(try complete(["apnsctl", "key", "revoke", "COMP"], environment: environment) == ["COMPKEY001"])
        #expect(try complete(["apnsctl", "key", "rotate", "--team", "CO"], environment: environment) == ["COMPTEAM01"])
        #expect(try complete(["apnsctl", "key", "revoke", "COMP"], environment: ["APNSCTL_KEYSTORE": "/nonexistent"])
                    .isEmpty)
    }

    @Test func certConvertOffersItsEncodings() throws {
        #expect(try Set(complete(["apnsctl", "cert", "convert", "push.p12", "--to", ""])) == ["pem", "p12", "der"])
        #expect(try complete(["apnsctl", "cert", "convert", "push.p12", "--to", "p"]).sorted() == ["p12", "pem"])
    }

    /// `key rotate --to` offers the keys a rotation can activate: not the active key, not a revoked one.
    @Test func keyRotateOffersOnlyKeysItCanActivate() throws {
        let directory = CLI.temporaryDirectory("completion")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keystore = directory.appendingPathComponent("ks").path
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        for id in ["ROTKEY0001", "ROTKEY0002", "ROTKEY0003"] {
            #expect(try CLI.run(["key", "generate", "--keystore", keystore, "--team", "ROTTEAM001", "--key-id", id]).status == 0)
        }
        #expect(try CLI.run(["key", "revoke", "--keystore", keystore, "ROTKEY0003"]).status == 0)
        let environment = ["APNSCTL_KEYSTORE": keystore]
        // ROTKEY0001 is active (the team's first key), ROTKEY0003 revoked: only the staged key is offered.
        #expect(try complete(["apnsctl", "key", "rotate", "--team", "ROTTEAM001", "--to", "ROT"],
                             environment: environment) == ["ROTKEY0002"])
        #expect(try complete(["apnsctl", "key", "rotate", "--team", "OTHERTEAM1", "--to", "ROT"],
                             environment: environment).isEmpty)
    }
}
