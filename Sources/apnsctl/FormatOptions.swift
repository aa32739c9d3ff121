import ArgumentParser

/// `--format text|json`, defined once: every verb includes it with `@OptionGroup var output: FormatOptions` and reads
/// `output.format`. A verb with another set of formats (probe's prometheus) declares its own enum, not another flag.
struct FormatOptions: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    /// True when the output is JSON.
    var isJSON: Bool { format == .json }

    /// Prints a verb's one result: `value` as JSON, else the line `text`.
    func print<T: Encodable>(_ value: T, text: @autoclosure () -> String) throws {
        if isJSON { try Console.printJSON(value) } else { Swift.print(text()) }
    }
}
