import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every connection of one server shares: the validator, the clock, and the log.
final class MockCore: Sendable {
    let validator: RequestValidator
    let clock: any APNsClock
    let format: MockLogFormat
    let sink: (@Sendable (String) -> Void)?
    let faults: MockFaults
    /// Broadcast channels, shared by the channels listener and broadcast pushes.
    let channels: ChannelStore
    let broadcastDisabledBundleIDs: Set<String>
    private let retained: Int
    private let records = LockedBox<[ReceivedRequest]>([])
    private let lines = LockedBox<[String]>([])
    private let handled = LockedBox(0)
    private let connectionCounter = LockedBox(0)

    init(configuration: MockServerConfiguration) {
        self.validator = RequestValidator(policy: configuration.policy)
        self.clock = configuration.clock
        self.format = configuration.logFormat
        self.sink = configuration.logSink
        self.faults = configuration.faults
        self.channels = ChannelStore(limit: configuration.channelLimit)
        self.broadcastDisabledBundleIDs = configuration.broadcastDisabledBundleIDs
        self.retained = configuration.retainedRequests
    }

    /// A new connection number, counting from 1.
    func nextConnectionID() -> Int {
        connectionCounter.withLock { count in
            count += 1
            return count
        }
    }

    /// Validates one request against the connection's state, and logs and records it.
    func handle(_ request: MockRequest, connection: ConnectionContext, stream: Int) -> (MockResponse, Date) {
        let now = clock.now()
        var response = connection.auth.withLock { state in
            answer(request, listener: connection.listener, connection: &state, now: now)
        }
        if let forced = faults.forcedReason {
            let idHeader = response.idHeader
            response = MockResponse(status: forced.status, reason: forced, apnsID: response.apnsID,
                                    timestamp: forced.status == 410 ? Int64(now.timeIntervalSince1970 * 1000) : nil,
                                    detail: "forced by the server's faults", authentication: response.authentication)
            response.idHeader = idHeader
        } else if faults.stall {
            response.detail = "stalled (not answered): " + response.detail
        } else if let reason = faults.goAway {
            response.detail = "answered with GOAWAY \(reason.rawValue): " + response.detail
        }
        let entry = MockLogEntry(request: request, response: response, time: now, connection: connection.id,
                                 stream: stream, remote: connection.remote)
        handled.withLock { $0 += 1 }
        if retained > 0 {
            records.withLock { Self.append(ReceivedRequest(request: request, response: response, log: entry), to: &$0,
                                           limit: retained) }
        }
        write(entry)
        return (response, now)
    }

    /// Logs a line for an entry that has no HTTP/2 request behind it (a refused HTTP/1.1 request).
    func write(_ entry: MockLogEntry) {
        let line = entry.line(format)
        if retained > 0 { lines.withLock { Self.append(line, to: &$0, limit: retained) } }
        sink?(line)
    }

    var receivedRequests: [ReceivedRequest] { records.snapshot }
    var requestCount: Int { handled.snapshot }

    /// Appends, dropping the oldest tenth once `limit` is reached (amortised: no shifting on every append).
    private static func append<Element>(_ element: Element, to list: inout [Element], limit: Int) {
        guard limit > 0 else { return }
        if list.count >= limit { list.removeFirst(max(1, limit / 10)) }
        list.append(element)
    }
    var logLines: [String] { lines.snapshot }
}
