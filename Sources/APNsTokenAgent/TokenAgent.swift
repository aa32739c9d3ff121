import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl token agent`: keeps `DIR/TEAM-ENV.token` files fresh from the fleet's token records.
///
/// It reads the records once, then follows an etcd watch (no polling); after a lost connection it reads them again
/// and watches from there. Files are replaced by atomic rename (0640, `group`): at a rotation the successor's token
/// replaces the retired key's in one rename (the storage keeps the retired key's record until then). A file is
/// removed only when no live token of an active key feeds it (its key revoked, or its slot left without a key),
/// and never goes back to an older token (``AgentState``). A clock tick (no etcd request) applies the time rules: a
/// signing agent refreshes due tokens; a token reaching 55 minutes is removed. On the wall clock the agent sleeps
/// until the next rule's deadline (``AgentLoop/nextDeadline(after:)``, at most ``Options/longestSleep``), woken
/// earlier by a watched change or a lost connection; on a clock that can jump (``APNsClock/followsWallTime`` false:
/// a test's clock file) it ticks every `checkInterval`. While etcd is out of reach the current tokens keep being served; once one reaches 55 minutes the agent
/// removes it, marks itself unhealthy and ends with an `unreachable` error (exit 4): loudly, never silently.
public final class TokenAgent: Sendable {
    /// Where and how it writes.
    public struct Options: Sendable {
        public var directory: String
        public var group: gid_t?
        public var metricsFile: String?
        /// How often the time rules run on a clock that can jump (no etcd request); the shortest sleep on the wall
        /// clock.
        public var checkInterval: Duration = .seconds(1)
        /// The longest sleep on the wall clock, when no deadline comes sooner.
        public var longestSleep: Duration = .seconds(60)
        /// Read, write, sign once, and return.
        public var once = false

        public init(directory: String, group: gid_t? = nil, metricsFile: String? = nil) {
            self.directory = directory
            self.group = group
            self.metricsFile = metricsFile
        }
    }

    /// What the agent did, for its log (`--format json`: one object a line).
    public struct Event: Sendable, Equatable {
        /// `revoked` and `retired`: a key this signing agent kept fresh was revoked or rotated away by another
        /// host (an event, not a failure: nothing is wrong with this agent).
        public enum Kind: String, Sendable { case written, removed, signed, revoked, retired, connected, disconnected, failed }
        public var kind: Kind
        public var time: Int64
        public var file: String?
        public var teamID: String?
        public var keyID: String?
        public var issuedAt: Int64?
        public var detail: String?
    }

    let feed: FleetTokenFeed
    let signer: AgentSigner?
    let options: Options
    let clock: any APNsClock
    let report: @Sendable (Event) -> Void

    public init(feed: FleetTokenFeed, signer: AgentSigner?, options: Options, clock: any APNsClock,
                report: @escaping @Sendable (Event) -> Void) {
        self.feed = feed
        self.signer = signer
        self.options = options
        self.clock = clock
        self.report = report
    }

    /// What the loop consumes: a snapshot, a watched change, a lost connection, a clock tick.
    enum Input: Sendable {
        case snapshot([FleetTokenFeed.Stored])
        case change(FleetTokenFeed.Change)
        case lost(String)
        case tick
    }

    /// Runs until cancelled (returns) or until a token ages out with etcd out of reach (throws, exit 4).
    public func run() async throws {
        do {
            try SecureFile.ensureDirectory(options.directory, mode: 0o750)
        } catch var error as APNsError {
            error.hint = ""
            error.remedy = AgentRemedy.writableOutputDirectory
            throw error
        }
        if let group = options.group { chown(options.directory, uid_t.max, group) }
        var loop = AgentLoop(agent: self)
        if options.once {
            let (records, _) = try await feed.snapshot()
            try loop.handle(.snapshot(records))
            if signer != nil, loop.signedAny { try loop.handle(.snapshot(try await feed.snapshot().records)) }
            return
        }
        let (inputs, continuation) = AsyncStream<Input>.makeStream()
        let pump = Task { await self.pump(continuation) }
        // One pending tick at a time, scheduled again after every input (a change may bring a deadline closer).
        var ticker = tick(after: options.checkInterval, continuation)
        defer {
            pump.cancel()
            ticker.cancel()
        }
        for await input in inputs {
            try loop.handle(input)
            if Task.isCancelled { break }
            ticker.cancel()
            ticker = tick(after: sleep(loop), continuation)
        }
    }

    /// How long to sleep before the next tick: `checkInterval` on a clock that can jump; else until the loop's
    /// next deadline, within `checkInterval` and `longestSleep`.
    func sleep(_ loop: AgentLoop) -> Duration {
        guard clock.followsWallTime else { return options.checkInterval }
        let now = clock.now().timeIntervalSince1970
        return AgentSchedule.sleep(now: now, until: loop.nextDeadline(after: Int64(now.rounded(.down))),
                                   shortest: options.checkInterval, longest: options.longestSleep)
    }

    private func tick(after delay: Duration, _ continuation: AsyncStream<Input>.Continuation) -> Task<Void, Never> {
        Task {
            try? await Task.sleep(for: delay)
            if !Task.isCancelled { continuation.yield(.tick) }
        }
    }

    /// Snapshot, then watch; again after each loss, with a growing pause (at most 5 s).
    private func pump(_ inputs: AsyncStream<Input>.Continuation) async {
        var pause = Duration.milliseconds(200)
        while !Task.isCancelled {
            do {
                let (records, revision) = try await feed.snapshot()
                inputs.yield(.snapshot(records))
                pause = .milliseconds(200)
                for try await change in feed.changes(after: revision) { inputs.yield(.change(change)) }
                inputs.yield(.lost("the watch ended"))
            } catch is CancellationError {
                return
            } catch {
                inputs.yield(.lost((error as? APNsError)?.message ?? String(describing: error)))
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }
}
