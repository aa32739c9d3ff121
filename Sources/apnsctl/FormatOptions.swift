import ArgumentParser

/// `--format`'s words, defined once: every command has human text and stable JSON.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json

    /// `--format`'s help, built from the values a verb offers: "Output format: text, json or prometheus."
    static func help(_ values: [String]) -> ArgumentHelp {
        let listed = values.dropLast().joined(separator: ", ") + (values.count > 1 ? " or " : "") + (values.last ?? "")
        return ArgumentHelp("Output format: \(listed).")
    }
}

/// `--format text|json`, defined once: every verb includes it with `@OptionGroup var output: FormatOptions` and reads
/// `output.format`. A verb that also writes Prometheus text includes ``ReportFormatOptions`` instead.
struct FormatOptions: ParsableArguments {
    @Option(name: .customLong("format"), help: OutputFormat.help(OutputFormat.allCases.map(\.rawValue)))
    var format: OutputFormat = .text

    /// True when the output is JSON.
    var isJSON: Bool { format == .json }

    /// Prints a verb's one result: `value` as JSON, else the line `text`.
    func print<T: Encodable>(_ value: T, text: @autoclosure () -> String) throws {
        if isJSON { try Console.printJSON(value) } else { Swift.print(text()) }
    }
}

/// `--format text|json` of a verb that chooses the default from its input: ``FormatOptions``' option and help, nil
/// until given (`device check`: JSON Lines for a token file, text otherwise, as its discussion says).
struct InputDefaultedFormatOptions: ParsableArguments {
    @Option(name: .customLong("format"), help: OutputFormat.help(OutputFormat.allCases.map(\.rawValue)))
    var format: OutputFormat?
}

/// `--format` of a report a Prometheus textfile collector may read (`probe`, `expiry`): ``OutputFormat``'s words,
/// plus `prometheus`.
enum ReportFormat: Equatable, ExpressibleByArgument, CaseIterable, Sendable {
    case output(OutputFormat)
    case prometheus

    static let text = ReportFormat.output(.text)
    static let json = ReportFormat.output(.json)
    static var allCases: [ReportFormat] { OutputFormat.allCases.map(ReportFormat.output) + [.prometheus] }

    init?(argument: String) {
        if let format = OutputFormat(rawValue: argument) { self = .output(format) }
        else if argument == "prometheus" { self = .prometheus }
        else { return nil }
    }

    var rawValue: String {
        switch self {
        case .output(let format): return format.rawValue
        case .prometheus: return "prometheus"
        }
    }

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
    var defaultValueDescription: String { rawValue }
}

/// `--format text|json|prometheus`: ``FormatOptions``' option, with ``ReportFormat``'s values.
struct ReportFormatOptions: ParsableArguments {
    @Option(name: .customLong("format"), help: OutputFormat.help(ReportFormat.allValueStrings))
    var format: ReportFormat = .text
}
