#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Calls a password source at most once for many files (batch conversions share one password).
public final class CachedPassword: Sendable {
    private let source: @Sendable () throws -> String
    private let value = Mutex<String?>(nil)

    /// Wraps `source`, which is called on the first ``get()`` only.
    public init(_ source: @escaping @Sendable () throws -> String) { self.source = source }

    /// The password, asking the source the first time only (concurrent callers wait for that first answer).
    public func get() throws -> String {
        try value.withLock { value in
            if let value { return value }
            let fresh = try source()
            value = fresh
            return fresh
        }
    }
}
