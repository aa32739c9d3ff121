import APNsCore

/// The exit codes each verb can return: one table, shown at the end of every verb's `--help` (EXIT CODES) and
/// in docs/json.md's table (HelpExitCodesTests holds the three to one another). 0, 2 (usage) and 70 (a bug) can
/// come from every verb and are listed for each.
enum VerbExitCodes {
    /// The codes beyond 0, 2 and 70, by verb as typed after `apnsctl`.
    static let table: [String: [ExitStatus]] = [
        "cert inspect": [.badInput, .keystore],
        "cert convert": [.badInput, .output],
        "cert verify": [.checkFailed, .badInput],
        "cert import": [.badInput, .keystore],
        "cert request": [.badInput, .keystore, .output],
        "cert join": [.badInput, .keystore, .output],
        "key import": [.badInput, .keystore],
        "key generate": [.badInput, .keystore, .output],
        "key list": [.keystore],
        "key inspect": [.badInput, .keystore],
        "key export-public": [.badInput, .keystore, .output],
        "key rotate": [.checkFailed, .badInput, .unreachable, .keystore],
        "key discover": [.checkFailed, .badInput, .unreachable, .keystore],
        "key scope": [.badInput, .keystore],
        "key revoke": [.keystore],
        "key purge": [.keystore],
        "asc key import": [.badInput, .keystore],
        "asc key list": [.keystore],
        "asc token": [.badInput, .keystore],
        "keystore init": [.keystore, .output],
        "keystore status": [.checkFailed, .badInput, .keystore],
        "keystore audit": [.keystore],
        "keystore copy": [.badInput, .keystore],
        "keystore fix-permissions": [.keystore],
        "profile inspect": [.badInput],
        "profile verify": [.checkFailed, .badInput],
        "profile list": [.checkFailed, .badInput, .unreachable, .keystore],
        "profile fetch": [.checkFailed, .badInput, .unreachable, .keystore, .output],
        "profile renew": [.checkFailed, .badInput, .unreachable, .keystore, .output],
        "expiry": [.checkFailed, .badInput, .keystore, .output],
        "token issue": [.badInput, .keystore],
        "token inspect": [.checkFailed, .badInput, .keystore],
        "token agent": [.badInput, .unreachable, .keystore, .output],
        "probe": [.checkFailed, .badInput, .unreachable, .keystore, .output],
        "payload check": [.checkFailed, .badInput],
        "app check": [.checkFailed, .badInput, .unreachable, .keystore],
        "app push status": [.checkFailed, .badInput, .unreachable, .keystore],
        "app push enable": [.checkFailed, .badInput, .unreachable, .keystore],
        "channel create": [.checkFailed, .badInput, .unreachable, .keystore],
        "channel list": [.checkFailed, .badInput, .unreachable, .keystore],
        "channel inspect": [.checkFailed, .badInput, .unreachable, .keystore],
        "channel delete": [.checkFailed, .badInput, .unreachable, .keystore],
        "device check": [.checkFailed, .badInput, .unreachable, .keystore],
        "mock serve": [.badInput, .unreachable, .keystore, .output],
        "mock asc": [.badInput, .unreachable, .output],
        "exporter": [.badInput, .unreachable, .keystore],
        "doctor": [.checkFailed, .badInput],
        "demo": [.checkFailed, .output],
    ]

    /// Every code `verb` can return, in order.
    static func codes(_ verb: String) -> [ExitStatus] {
        let extra = table[verb] ?? []
        return ExitStatus.allCases.filter { [.ok, .usage, .internalError].contains($0) || extra.contains($0) }
    }

    /// The verb a help request names: the words before the first option, without `help` (`apnsctl help cert
    /// verify`, `apnsctl cert verify --help`); nil when they name no verb of the table (the root, a group).
    static func verb(arguments: [String]) -> String? {
        let words = arguments.prefix { !$0.hasPrefix("-") }.filter { $0 != "help" }
        let verb = words.joined(separator: " ")
        return table[verb] == nil ? nil : verb
    }

    /// The section that ends a verb's help, after a blank line, as the root help lists every code:
    /// "EXIT CODES\n  0  success\n  1  a check failed or APNs refused\n…"; empty for the root and groups.
    static func helpSection(arguments: [String]) -> String {
        guard let verb = verb(arguments: arguments) else { return "" }
        return "\nEXIT CODES (\(verb))\n" + codes(verb).map { "  \($0.rawValue)  \($0.word)" }.joined(separator: "\n")
    }
}

extension ExitStatus {
    /// A few words per code, for a verb's help (``summary`` is the root help's longer line).
    var word: String {
        switch self {
        case .ok: return "success"
        case .checkFailed: return "a check failed or APNs refused"
        case .usage: return "usage error"
        case .badInput: return "bad input"
        case .unreachable: return "not reachable"
        case .keystore: return "keystore refused"
        case .output: return "output not written"
        case .internalError: return "internal error"
        }
    }
}
