import APNsCore
import APNsCurl
import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Streams many requests to one or more servers over libcurl: one HTTP/2 connection per server, at most
/// `concurrency` streams in flight on each, refilled as each one finishes (not in fixed batches), and the server's
/// SETTINGS_MAX_CONCURRENT_STREAMS honoured by libcurl. Only the requests in flight hold an easy handle, so memory
/// stays flat however many requests the feed yields.
///
/// ``run(next:answered:)`` blocks the calling thread until the feed is exhausted and every request has an answer
/// or a failure; each request's own bound is the server's `timeout`. Use one sender from one thread at a time.
public final class HTTP2StreamingSender {
    /// A server and how to reach it: the credential and CA file the requests to it use.
    public struct Server {
        public var target: ProbeTarget
        public var credential: ProbeCredential
        public var caFile: String?
        public var timeout: Double

        public init(target: ProbeTarget, credential: ProbeCredential, caFile: String? = nil, timeout: Double = 10) {
            self.target = target
            self.credential = credential
            self.caFile = caFile
            self.timeout = timeout
        }
    }

    /// One request to send: to ``servers``[`server`]; `tag` comes back with its answer.
    public struct Job {
        public var server: Int
        public var request: CanaryRequest
        public var tag: Int

        public init(server: Int, request: CanaryRequest, tag: Int) {
            self.server = server
            self.request = request
            self.tag = tag
        }
    }

    public let servers: [Server]
    /// The most streams in flight on each server's connection.
    public let concurrency: Int
    private let transports: [HTTP2Transport]

    public init(servers: [Server], concurrency: Int) {
        self.servers = servers
        self.concurrency = max(1, concurrency)
        transports = servers.map {
            HTTP2Transport(target: $0.target, credential: $0.credential, caFile: $0.caFile, timeout: $0.timeout)
        }
    }

    /// Sends every job `next` yields (nil: no more) and hands each answer to `answered`, which may return a
    /// follow-up job (sent before new ones from the feed). Jobs are pulled only when their server has room, so
    /// at most `concurrency` requests per server exist at once besides one job held back.
    public func run(next: () -> Job?, answered: (Job, Exchange) -> Job?) throws {
        guard CurlRuntime.bootstrap() else {
            throw APNsError(.unreachable, CurlRuntime.missing, hint: CurlRuntime.missingHint)
        }
        let state: StreamState
        do {
            state = StreamState(multi: try CurlMulti(hosts: servers.count, streams: concurrency),
                                transports: transports, concurrency: concurrency)
        } catch {
            throw APNsError(.internalError, "libcurl: \(error.what)")
        }
        defer { state.removeAll() }
        do {
            try state.fill(next)
            while state.busy {
                _ = state.multi.perform()
                for (handle, code) in state.multi.finished() {
                    if let job = state.complete(handle, code: code, answered) { state.followUps.append(job) }
                }
                for handle in state.expired(Date()) {
                    if let job = state.complete(handle, code: nil, answered) { state.followUps.append(job) }
                }
                try state.fill(next)
                if state.inFlight.isEmpty { continue }
                state.multi.poll(milliseconds: 250)
            }
        } catch {
            throw APNsError(.internalError, "libcurl: \(error.what)")
        }
    }
}

/// The requests in flight of one ``HTTP2StreamingSender/run(next:answered:)``.
private final class StreamState {
    let multi: CurlMulti
    let transports: [HTTP2Transport]
    let concurrency: Int
    var inFlight: [UnsafeMutableRawPointer: (job: HTTP2StreamingSender.Job, transfer: Transfer, deadline: Date)] = [:]
    var perServer: [Int]
    var followUps: [HTTP2StreamingSender.Job] = []
    var held: HTTP2StreamingSender.Job?
    var feedDone = false

    init(multi: CurlMulti, transports: [HTTP2Transport], concurrency: Int) {
        self.multi = multi
        self.transports = transports
        self.concurrency = concurrency
        perServer = [Int](repeating: 0, count: transports.count)
    }

    /// Something is in flight or waits to be sent.
    var busy: Bool { !inFlight.isEmpty || !followUps.isEmpty || held != nil }

    func start(_ job: HTTP2StreamingSender.Job) throws(CurlSetupError) {
        let transport = transports[job.server]
        let transfer = try Transfer(request: job.request, tls: transport.tls)
        try transport.configure(transfer, timeout: transport.timeout)
        try multi.add(transfer.easy)
        perServer[job.server] += 1
        inFlight[transfer.easy.handle] = (job, transfer, Date().addingTimeInterval(transport.timeout + 1))
    }

    /// Starts follow-ups, then new jobs from `next`, while their servers have room.
    func fill(_ next: () -> HTTP2StreamingSender.Job?) throws(CurlSetupError) {
        var waiting: [HTTP2StreamingSender.Job] = []
        for job in followUps {
            if perServer[job.server] < concurrency { try start(job) } else { waiting.append(job) }
        }
        followUps = waiting
        // New jobs only while follow-ups do not pile up: memory stays bounded by the concurrency.
        while !feedDone, followUps.count < concurrency * max(1, transports.count) {
            guard let job = held ?? next() else {
                feedDone = true
                break
            }
            held = nil
            guard perServer[job.server] < concurrency else {
                held = job
                break
            }
            try start(job)
        }
    }

    /// The transfers whose own deadline passed without libcurl ending them.
    func expired(_ now: Date) -> [UnsafeMutableRawPointer] {
        inFlight.filter { $0.value.deadline < now }.map(\.key)
    }

    /// Ends the transfer `handle` (with libcurl's `code`, or expired when nil) and hands its answer on.
    func complete(_ handle: UnsafeMutableRawPointer, code: CURLcode?,
                  _ answered: (HTTP2StreamingSender.Job, Exchange) -> HTTP2StreamingSender.Job?) -> HTTP2StreamingSender.Job? {
        guard let entry = inFlight.removeValue(forKey: handle) else { return nil }
        if let code {
            entry.transfer.finish(code)
        } else {
            let seconds = String(cFormat: "%g", transports[entry.job.server].timeout)
            entry.transfer.expire("no answer within \(seconds)s")
        }
        multi.remove(entry.transfer.easy)
        perServer[entry.job.server] -= 1
        return answered(entry.job, entry.transfer.exchange)
    }

    func removeAll() {
        for entry in inFlight.values { multi.remove(entry.transfer.easy) }
        inFlight = [:]
    }
}
