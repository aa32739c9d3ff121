import ArgumentParser

/// `--min-days N`, defined once (issue 40 §3): the fewest days of validity a certificate, key or profile must have
/// left. Each verb gives its own default (``days(default:)``); the check that N is not negative is here.
struct MinDaysOption: ParsableArguments {
    @Option(name: .customLong("min-days"), help: ArgumentHelp(
        "The fewest days of validity a credential must have left; 0 only requires that it has not expired.",
        valueName: "N"))
    var minDays: Int?

    func validate() throws {
        if let minDays, minDays < 0 { throw ValidationError("--min-days must not be negative") }
    }

    /// `--min-days`, or the verb's `value` when it is not given.
    func days(default value: Int) -> Int { minDays ?? value }
}
