import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs the demo's steps: each is a real `apnsctl` command line, run as a child process of this same binary,
/// shown as `$ apnsctl …` with its output, and checked against what it should do.
final class DemoRunner {
    /// One step's outcome, for the summary table.
    struct Outcome: Encodable {
        var step: String
        var command: String
        var exitCode: Int32
        var passed: Bool
        var detail: String

        enum CodingKeys: String, CodingKey {
            case step, command, passed, detail
            case exitCode = "exit_code"
        }
    }

    /// What a step's child process printed.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let executable: String
    let environment: [String: String]
    let workingDirectory: String
    let quiet: Bool
    private(set) var outcomes: [Outcome] = []

    init(workingDirectory: String, environment: [String: String], quiet: Bool) {
        self.executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.quiet = quiet
    }

    /// Prints a line of narrative.
    func say(_ text: String) {
        if !quiet { print(text) }
    }

    /// Runs `apnsctl arguments…`, shows it, and records whether `check` accepts the result.
    /// `check` returns nil when the step behaved as expected, else what was wrong.
    @discardableResult
    func step(_ name: String, _ arguments: [String], stdin: String? = nil, showLines: Int = 12,
              check: (Output) -> String?) -> Output {
        let shown = "apnsctl " + arguments.map(Self.shellQuoted).joined(separator: " ")
        say("\n\u{2022} \(name)\n  $ \(shown)")
        let output = run(arguments, stdin: stdin)
        let text = (output.stdout + output.stderr).split(separator: "\n")
        for line in text.prefix(showLines) {
            say("    " + (line.count > 110 ? line.prefix(100) + "…" : line))
        }
        if text.count > showLines { say("    … (\(text.count - showLines) more lines)") }
        let problem = check(output)
        outcomes.append(Outcome(step: name, command: shown, exitCode: output.status, passed: problem == nil,
                                detail: problem ?? "as expected"))
        if let problem { say("  \u{2718} unexpected: \(problem)") }
        return output
    }

    /// Runs a step expected to exit `exit` and, when `mentions` is given, to print it (on either stream).
    @discardableResult
    func step(_ name: String, _ arguments: [String], showLines: Int = 12, exit: Int32, mentions: String? = nil)
        -> Output {
        step(name, arguments, showLines: showLines) { output in
            expectExit(output, exit) ?? mentions.flatMap { expectOutput(output, $0) }
        }
    }

    /// Runs a step that is not a command (issuing a certificate, signing a profile): on success records it as
    /// passed with `detail`, says `done` and returns the body's value; on failure records the error and returns nil.
    func prepare<Value>(_ name: String, detail: String, done: String, _ body: () throws -> Value) -> Value? {
        do {
            let value = try body()
            record(name, passed: true, detail: detail)
            say(done)
            return value
        } catch {
            record(name, passed: false, detail: "\(error)")
            return nil
        }
    }

    /// ``prepare(_:detail:done:_:)`` for a body that awaits (starting a server).
    func prepare<Value>(_ name: String, detail: String, done: String, _ body: () async throws -> Value) async
        -> Value? {
        do {
            let value = try await body()
            record(name, passed: true, detail: detail)
            say(done)
            return value
        } catch {
            record(name, passed: false, detail: "\(error)")
            return nil
        }
    }

    /// Records a step that was not a command (setting up, starting the mock).
    func record(_ name: String, passed: Bool, detail: String) {
        outcomes.append(Outcome(step: name, command: "", exitCode: passed ? 0 : 1, passed: passed, detail: detail))
        if !passed { say("  \u{2718} \(name): \(detail)") }
    }

    /// Runs the binary and captures everything.
    func run(_ arguments: [String], stdin: String? = nil) -> Output {
        let child = ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                 directory: workingDirectory)
        do {
            let result = try child.run(stdin: Array((stdin ?? "").utf8))
            return Output(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                          stderr: String(decoding: result.stderr, as: UTF8.self))
        } catch {
            return Output(status: 127, stdout: "", stderr: "\(error)")
        }
    }

    /// The summary table, one row per step.
    func summary() -> String {
        let width = max(4, outcomes.map(\.step.count).max() ?? 4)
        var lines = ["", "Summary", String(repeating: "-", count: width + 24)]
        for outcome in outcomes {
            let mark = outcome.passed ? "\u{2714}" : "\u{2718}"
            let padded = outcome.step.padded(toLength: width)
            lines.append("\(mark) \(padded)  exit \(outcome.exitCode)  \(outcome.passed ? "" : outcome.detail)")
        }
        let failed = outcomes.filter { !$0.passed }.count
        lines.append(String(repeating: "-", count: width + 24))
        lines.append(failed == 0 ? "all \(outcomes.count) steps behaved as expected"
                                 : "\(failed) of \(outcomes.count) steps did not behave as expected")
        return lines.joined(separator: "\n")
    }

    var allPassed: Bool { outcomes.allSatisfy(\.passed) }

    static func shellQuoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@,+".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}

func expectExit(_ output: DemoRunner.Output, _ status: Int32) -> String? {
    output.status == status ? nil : "exit \(output.status), expected \(status): "
        + (output.stderr.split(separator: "\n").first.map(String.init) ?? "")
}

func expectOutput(_ output: DemoRunner.Output, _ text: String) -> String? {
    (output.stdout + output.stderr).contains(text) ? nil : "the output does not mention \(text)"
}
