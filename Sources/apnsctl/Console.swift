import APNsCore
import APNsCredentials
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writing to the terminal: results on stdout, diagnostics on stderr, JSON with stable ordering.
enum Console {
    /// Prints `apnsctl: error: …` and `apnsctl: hint: …` on stderr and exits with the error's status.
    static func fail(_ error: APNsError) -> Never {
        printError(error)
        exit(error.status.rawValue)
    }

    /// Prints an error and its hint on stderr without exiting.
    static func printError(_ error: APNsError) {
        let error = error.worded
        var text = "apnsctl: error: \(error.message)\n"
        text += "apnsctl: hint: \(error.hint.isEmpty ? error.status.defaultHint : error.hint)\n"
        StandardStream.error.write(text.utf8)
    }

    /// A warning line on stderr.
    static func warn(_ message: String) {
        StandardStream.error.write("apnsctl: warning: \(message)\n".utf8)
    }

    /// `value` as apnsctl's JSON, ending in a newline: keys sorted, dates ISO 8601, slashes as they are; pretty
    /// (one report), or one compact line (`pretty: false`: the line-per-event logs and JSON Lines).
    static func json<T: Encodable>(_ value: T, pretty: Bool = true) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(value)) + [0x0A]
    }

    /// Prints `value` as pretty JSON on stdout.
    static func printJSON<T: Encodable>(_ value: T) throws {
        StandardStream.output.write(try json(value))
    }

    /// Prints `value` as one compact JSON line on stdout.
    static func printJSONLine<T: Encodable>(_ value: T) {
        guard let line = try? json(value, pretty: false) else { return }
        StandardStream.output.write(line)
    }

    /// Reads each file with `read`; prints an error (and its hint) for each that fails and goes on; prints the
    /// reports (a JSON array, or the text blocks separated by a blank line); then exits with the status of the
    /// first failure, if any. The loop of every verb that takes `FILE...`.
    static func reportEach<Report: Encodable>(_ files: [String], format: OutputFormat, text: (Report) -> String,
                                              read: (String) throws -> Report) throws {
        var reports = [Report]()
        var firstError: APNsError?
        for file in files {
            do {
                reports.append(try read(file))
            } catch {
                guard let error = APNsError.presented(error) else { throw error }
                printError(error)
                firstError = firstError ?? error
            }
        }
        if !reports.isEmpty {
            if format == .json {
                try printJSON(reports)
            } else {
                print(reports.map(text).joined(separator: "\n\n"))
            }
        }
        if let firstError { throw ExitCode(firstError.status.rawValue) }
    }

    /// Prints one check mark line per check (`cert verify`, `profile verify`).
    static func printChecks(_ checks: [CertificateCheck]) {
        for check in checks {
            let mark: CheckMark = check.status == .pass ? .pass : (check.status == .fail ? .fail : .warn)
            print(checkLine(mark, check.name, check.detail))
        }
    }

    /// A check mark line: `✔ label: detail` / `✘ label: detail` / `⚠ label: detail`.
    static func checkLine(_ mark: CheckMark, _ label: String, _ detail: String) -> String {
        detail.isEmpty ? "\(mark.rawValue) \(label)" : "\(mark.rawValue) \(label): \(detail)"
    }
}

/// The marks every checking command (verify, doctor, status, demo) uses.
enum CheckMark: String, Codable, Sendable {
    case pass = "✔"
    case warn = "⚠"
    case fail = "✘"
}
