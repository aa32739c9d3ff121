/// A configuration file the exporter cannot use: which file, which line, which key, and what is wrong.
public struct ConfigurationError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The file read.
    public var file: String
    /// The 1-based line of the key (or of the syntax error); nil when the file could not be read at all.
    public var line: Int?
    /// The key's path, e.g. `targets[1].interval`; nil for the whole file.
    public var key: String?
    /// What is wrong, in words.
    public var problem: String

    public init(file: String, line: Int?, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    /// `FILE:LINE: KEY: problem`.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let key { text += ": \(key)" }
        return text + ": " + problem
    }
}
