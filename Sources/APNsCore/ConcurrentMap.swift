#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent pieces of work at the same time, at most `limit` at once, and returns their results in the
/// order of the inputs (batch conversions: one task per file, bounded by the cores).
public enum ConcurrentMap {
    /// The number of cores online (at least 1): the default bound.
    public static var cores: Int {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? online : 1
    }

    /// `body(items[i])` for every `i`, with at most `limit` calls running at once; results in input order.
    /// `body` reports its own failures in its result: one failing item does not stop the others.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], limit: Int = cores, _ body: @escaping @Sendable (Item) async -> Result
    ) async -> [Result] {
        if items.count <= 1 || limit <= 1 {
            var results = [Result]()
            results.reserveCapacity(items.count)
            for item in items { results.append(await body(item)) }
            return results
        }
        return await withTaskGroup(of: (Int, Result).self) { group in
            var results = [Result?](repeating: nil, count: items.count)
            var pending = items.enumerated().makeIterator()
            for _ in 0..<min(limit, items.count) {
                guard let (index, item) = pending.next() else { break }
                group.addTask { (index, await body(item)) }
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if let (index, item) = pending.next() {
                    group.addTask { (index, await body(item)) }
                }
            }
            return results.compactMap { $0 }
        }
    }
}
