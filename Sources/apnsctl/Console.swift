import APNsCore
import Foundation

/// Writing to the terminal: results on stdout, diagnostics on stderr, JSON with stable ordering.
enum Console {
    /// Prints `apnsctl: error: …` and `apnsctl: hint: …` on stderr and exits with the error's status.
    static func fail(_ error: APNsError) -> Never {
        printError(error)
        exit(error.status.rawValue)
    }

    /// Prints an error and its hint on stderr without exiting.
    static func printError(_ error: APNsError) {
        var text = "apnsctl: error: \(error.message)\n"
        text += "apnsctl: hint: \(error.hint.isEmpty ? error.status.defaultHint : error.hint)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// A warning line on stderr.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("apnsctl: warning: \(message)\n".utf8))
    }

    /// Encodes a value as pretty, key-sorted JSON with ISO 8601 dates and prints it on stdout.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
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
