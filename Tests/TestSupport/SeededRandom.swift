#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A seeded generator (SplitMix64): the same seed gives the same sequence, so a randomised test that failed can be
/// run again with the inputs it failed on.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed of a randomised test: `APNSCTL_TEST_SEED` when it is set (to repeat a failing run), else a fresh one.
/// Every randomised test names its seed in its failure messages (`TestSeed.description(seed)`).
public enum TestSeed {
    /// The environment variable that fixes the seed.
    public static let variable = "APNSCTL_TEST_SEED"

    /// `APNSCTL_TEST_SEED`'s value when it is a number, else a random seed.
    public static func make() -> UInt64 {
        ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(UInt32.max))
    }

    /// `seed 123 (APNSCTL_TEST_SEED=123 repeats it)`, for failure messages.
    public static func description(_ seed: UInt64) -> String {
        "seed \(seed) (\(variable)=\(seed) repeats it)"
    }
}
