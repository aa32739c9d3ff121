import APNsCore

/// A library's typed error as the CLI words it: the one place where error values become the `apnsctl: error:` /
/// `apnsctl: hint:` lines and an exit status, so a hint names flags and commands that exist.
///
/// Libraries and use cases throw their own error enums (which file, which key, which slot, which rule) and never
/// name a flag; the CLI conforms each of them here, in files named `Errors+<Area>.swift`:
/// ```swift
/// extension KeyDiscoveryError: UserFacingError {
///     var presented: APNsError { … }
/// }
/// ```
protocol UserFacingError: Error {
    /// The error as the CLI shows it: the message naming the file or object, the hint naming real flags, the status.
    var presented: APNsError { get }
}

extension APNsError {
    /// `error` as the CLI shows it, when it is one the CLI knows how to word (an ``APNsError`` or a
    /// ``UserFacingError``); nil for anything else (ArgumentParser's own errors and exit codes).
    static func presented(_ error: any Error) -> APNsError? {
        if let error = error as? APNsError { return error.worded }
        if let error = error as? any UserFacingError { return error.presented }
        return nil
    }
}

/// A library's ``Remedy`` as the CLI words it: the hint line, naming flags and commands that exist.
protocol WordedRemedy: Remedy {
    /// The hint, as `apnsctl: hint:` shows it.
    var words: String { get }
}

extension APNsError {
    /// This error with its ``remedy`` worded into ``hint`` (when the thrower gave a remedy and no hint).
    var worded: APNsError {
        guard hint.isEmpty, let remedy = remedy as? any WordedRemedy else { return self }
        var error = self
        error.hint = remedy.words
        return error
    }
}
