import NIOConcurrencyHelpers

/// A value shared between event-loop threads and callers: NIO's lock-protected box under the mock's name.
typealias LockedBox = NIOLockedValueBox

extension NIOLockedValueBox {
    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withLockedValue(body)
    }

    /// A copy of the value.
    var snapshot: Value { withLockedValue { $0 } }
}
