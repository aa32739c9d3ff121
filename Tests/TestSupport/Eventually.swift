/// Waits for a condition, bounded by polls rather than by the clock.
///
/// Swift Testing runs every suite of the process on one cooperative pool (two threads on a two-core machine), and
/// the synchronous suites beside a test can hold both threads for minutes. A bound read off the clock then runs out
/// while the work it waits for, a task on the same pool, has not had a turn: the test fails without the condition
/// ever being false for the promised time. A bound counted in polls gives the condition every look it was promised,
/// however long the pool keeps the poller waiting between them.

/// Polls `condition` every `interval` until it holds, at most `seconds / interval` times; returns whether it held.
/// The bound is generous and never a measurement: it only stops a test whose condition never comes.
public func eventually(seconds: Double = 30, every interval: Duration = .milliseconds(100),
                       _ condition: () async throws -> Bool) async rethrows -> Bool {
    for _ in 0..<polls(seconds, interval) {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}

/// `body`'s result, or nil when it has not finished within `seconds / interval` polls (it is then cancelled): a
/// generous bound on something that must not wait on a timeout, never a measurement.
public func within<T: Sendable>(seconds: Double, every interval: Duration = .milliseconds(100),
                                _ body: @escaping @Sendable () async -> T) async throws -> T? {
    let count = polls(seconds, interval)
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            for _ in 0..<count { try await Task.sleep(for: interval) }
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

private func polls(_ seconds: Double, _ interval: Duration) -> Int {
    let (whole, fraction) = interval.components
    let step = Double(whole) + Double(fraction) / 1e18
    return max(1, Int((seconds / step).rounded(.up)))
}
