import Foundation
import TestSupport
import Testing

/// A new .p12 password typed at a prompt is asked twice on a terminal, as `openssl pkcs12 -export` does.
/// The terminal is a real pseudo-terminal (Python's pty module) that answers each prompt once it appears.
@Suite struct PasswordPromptTests {
    static let driver = #"""
    import os, pty, select, sys
    answers, argv = sys.argv[1].split(","), sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    out = b""
    def read_more():
        global out
        ready, _, _ = select.select([fd], [], [], 60)
        if not ready:
            return False
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return False
        out += chunk
        return bool(chunk)
    for number, answer in enumerate(answers):
        while out.count(b"Password for the new file: ") <= number:
            if not read_more():
                break
        os.write(fd, answer.encode() + b"\n")
    while read_more():
        pass
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(out.decode(errors="replace"))
    sys.exit(os.waitstatus_to_exitcode(status))
    """#

    /// Runs `apnsctl arguments` on a pseudo-terminal, typing `answers` at the successive password prompts.
    func onTerminal(_ arguments: [String], typing answers: [String]) throws -> (status: Int32, output: String) {
        try CLI.tool(ExternalProcess.find("python3") ?? "/usr/bin/python3",
                     ["-c", Self.driver, answers.joined(separator: ","), CLI.binary.path] + arguments)
    }

    @Test func aNewP12PasswordIsAskedTwice() throws {
        let directory = CLI.temporaryDirectory("prompt")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = CLI.fixtures.appendingPathComponent("certs/dev-bundle.pem").path
        let output = directory.appendingPathComponent("new.p12").path
        let typed = try onTerminal(["cert", "convert", input, "--to", "p12", "--out", output],
                                   typing: ["s3cret-new", "s3cret-new"])
        #expect(typed.status == 0, "\(typed.output)")
        #expect(typed.output.contains("Verifying - Password for the new file: "))
        // openssl opens the new file with that password.
        let check = try CLI.tool("/usr/bin/openssl", ["pkcs12", "-in", output, "-passin", "pass:s3cret-new", "-noout"])
        #expect(check.status == 0)
    }

    @Test func twoDifferentEntriesWriteNothing() throws {
        let directory = CLI.temporaryDirectory("prompt")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = CLI.fixtures.appendingPathComponent("certs/dev-bundle.pem").path
        let output = directory.appendingPathComponent("new.p12").path
        let typed = try onTerminal(["cert", "convert", input, "--to", "p12", "--out", output],
                                   typing: ["s3cret-new", "s3cret-typo"])
        #expect(typed.status == 3, "\(typed.output)")
        #expect(typed.output.contains("apnsctl: error: the two passwords typed differ; nothing was written"))
        #expect(typed.output.contains("apnsctl: hint: run the command again and type the same password twice"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
