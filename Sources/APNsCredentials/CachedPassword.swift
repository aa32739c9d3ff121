import Foundation

/// Calls a password source at most once for many files (batch conversions share one password).
public final class CachedPassword: @unchecked Sendable {
    private let lock = NSLock()
    private let source: @Sendable () throws -> String
    private var value: String?

    /// Wraps `source`, which is called on the first ``get()`` only.
    public init(_ source: @escaping @Sendable () throws -> String) { self.source = source }

    /// The password, asking the source the first time only.
    public func get() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let fresh = try source()
        value = fresh
        return fresh
    }
}
