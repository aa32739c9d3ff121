import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP/2 connection over TLS (ALPN h2) to one server, kept open between calls and reopened on the next call
/// once the server closed it (GOAWAY, end of stream, a connection error) or a PING went unanswered.
///
/// Calls block the calling thread until the answer, a failure or the timeout, so they must not run on an event-loop
/// thread; one call runs at a time (a second caller waits for the first). Every connection of the process shares
/// one event-loop thread (``sharedGroup``) unless given another group.
public final class HTTP2Connection: Sendable {
    /// One event-loop thread for every connection that is given no group of its own.
    public static let sharedGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    public let configuration: HTTP2ClientConfiguration
    private let group: any EventLoopGroup
    private let live = Mutex<Live?>(nil)
    private let tallies = Mutex(HTTP2ConnectionCounts())
    private let sslContext = Mutex<NIOSSLContext?>(nil)

    /// The open connection and what its pipeline reports about it.
    private struct Live {
        var channel: any Channel
        var health: NIOLockedValueBox<ConnectionHealth>
        var tlsVersion: String?

        var isUsable: Bool { channel.isActive && health.withLockedValue { $0.usable } }
    }

    /// What an operation runs on: the connection, and how it was had.
    private struct Acquired {
        var live: Live
        var opened: Bool
        var connect: Double = 0
        var tls: Double = 0
    }

    public init(configuration: HTTP2ClientConfiguration, group: (any EventLoopGroup)? = nil) {
        self.configuration = configuration
        self.group = group ?? Self.sharedGroup
    }

    deinit {
        live.withLock { $0?.channel.close(promise: nil) }
    }

    /// How many calls opened a connection and how many reused the open one.
    public var counts: HTTP2ConnectionCounts { tallies.withLock { $0 } }

    /// Whether a connection is open and usable (no GOAWAY, not ended).
    public var isOpen: Bool { live.withLock { $0?.isUsable ?? false } }

    /// Closes the connection, if one is open; the next call opens a new one.
    public func close() {
        live.withLock { live in
            live?.channel.close(promise: nil)
            live = nil
        }
    }

    /// Sends `request` on the kept-open connection (opening it when none is usable) and returns the answer, within
    /// `timeout` seconds from now, the connection's opening included.
    public func send(_ request: HTTP2Request, timeout: Double) throws(HTTP2ClientError) -> HTTP2Response {
        let start = NIODeadline.now()
        let deadline = start + Self.amount(timeout)
        return try live.withLock { (current: inout Live?) throws(HTTP2ClientError) -> HTTP2Response in
            let acquired = try acquire(&current, start: start, deadline: deadline)
            let channel = acquired.live.channel
            let promise = channel.eventLoop.makePromise(of: StreamAnswer.self)
            let command = ConnectionCommand.request(request, authority: configuration.authority, deadline: deadline,
                                                    promise: promise)
            let answer: StreamAnswer
            do throws(HTTP2ClientError) {
                answer = try Self.wait(for: promise, after: command, on: channel)
            } catch {
                if !acquired.live.isUsable { Self.drop(&current) }
                throw error
            }
            let now = NIODeadline.now()
            let wallNow = Date().timeIntervalSince1970
            let remote = channel.remoteAddress
            return HTTP2Response(
                status: answer.status, headers: answer.headers, body: answer.body,
                timings: HTTP2Timings(connect: acquired.connect, tls: acquired.tls,
                                      firstByte: Self.seconds(answer.firstByteAt - start),
                                      total: Self.seconds(answer.endAt - start)),
                openedConnection: acquired.opened, tlsVersion: acquired.live.tlsVersion,
                remoteAddress: remote?.ipAddress, remotePort: remote?.port,
                receivedAt: wallNow - Self.seconds(now - answer.firstByteAt))
        }
    }

    /// Sends an HTTP/2 PING on the kept-open connection (opening it when none is usable) and returns the time to
    /// its acknowledgement (matched by its 8 bytes). A PING that fails or goes unanswered within `timeout` closes
    /// the connection: the next call opens a new one.
    public func ping(timeout: Double) throws(HTTP2ClientError) -> HTTP2Ping {
        try ping(timeout: timeout, openIfClosed: true) ?? HTTP2Ping(roundTrip: 0, openedConnection: false)
    }

    /// ``ping(timeout:)`` on the open connection only: nil, and nothing sent, when no connection is open.
    public func pingIfOpen(timeout: Double) throws(HTTP2ClientError) -> HTTP2Ping? {
        try ping(timeout: timeout, openIfClosed: false)
    }

    private func ping(timeout: Double, openIfClosed: Bool) throws(HTTP2ClientError) -> HTTP2Ping? {
        let start = NIODeadline.now()
        let deadline = start + Self.amount(timeout)
        return try live.withLock { (current: inout Live?) throws(HTTP2ClientError) -> HTTP2Ping? in
            if !openIfClosed, !(current?.isUsable ?? false) {
                Self.drop(&current)
                return nil
            }
            let acquired = try acquire(&current, start: start, deadline: deadline)
            let channel = acquired.live.channel
            let promise = channel.eventLoop.makePromise(of: TimeAmount.self)
            do throws(HTTP2ClientError) {
                let rtt = try Self.wait(for: promise, after: .ping(deadline: deadline, promise: promise), on: channel)
                return HTTP2Ping(roundTrip: Self.seconds(rtt), openedConnection: acquired.opened)
            } catch {
                Self.drop(&current)
                throw error
            }
        }
    }

    // MARK: the connection

    /// The usable connection, or a new one (the old one closed).
    private func acquire(_ current: inout Live?, start: NIODeadline,
                         deadline: NIODeadline) throws(HTTP2ClientError) -> Acquired {
        if let live = current, live.isUsable {
            tallies.withLock { $0.reused += 1 }
            return Acquired(live: live, opened: false)
        }
        Self.drop(&current)
        let acquired = try open(start: start, deadline: deadline)
        current = acquired.live
        tallies.withLock { $0.opened += 1 }
        return acquired
    }

    private func context() throws(HTTP2ClientError) -> NIOSSLContext {
        if let made = sslContext.withLock({ $0 }) { return made }
        let made = try configuration.makeSSLContext()
        sslContext.withLock { $0 = made }
        return made
    }

    /// Connects, completes the TLS handshake and checks that ALPN selected h2.
    private func open(start: NIODeadline, deadline: NIODeadline) throws(HTTP2ClientError) -> Acquired {
        let ssl = try context()
        let loop = group.next()
        let handshake = loop.makePromise(of: HandshakeResult.self)
        let health = NIOLockedValueBox(ConnectionHealth())
        let serverName = configuration.hostIsAddress ? nil : configuration.host
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(max(.milliseconds(1), deadline - .now()))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(try NIOSSLClientHandler(context: ssl, serverHostname: serverName))
                    try sync.addHandler(HandshakeWatcher(promise: handshake, deadline: deadline))
                    try sync.addHandler(NIOHTTP2Handler(mode: .client, connectionConfiguration: .init(),
                                                        streamConfiguration: .init()))
                    try sync.addHandler(ConnectionHandler(health: health))
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.connect(host: configuration.host, port: configuration.port).wait()
        } catch {
            throw HTTP2ClientError(error, phase: .connecting)
        }
        let result: HandshakeResult
        do {
            result = try handshake.futureResult.wait()
        } catch {
            channel.close(promise: nil)
            throw HTTP2ClientError(error, phase: .handshake)
        }
        guard result.negotiatedProtocol == "h2" else {
            channel.close(promise: nil)
            throw .notHTTP2(selected: result.negotiatedProtocol)
        }
        let version = try? channel.nioSSL_tlsVersion().wait()
        return Acquired(live: Live(channel: channel, health: health, tlsVersion: version.map(Self.name)),
                        opened: true, connect: Self.seconds(result.activeAt - start),
                        tls: Self.seconds(result.completedAt - result.activeAt))
    }

    private static func drop(_ current: inout Live?) {
        current?.channel.close(promise: nil)
        current = nil
    }

    /// Writes `command` and waits for `promise`, which the pipeline completes (or fails at the command's deadline).
    private static func wait<Value: Sendable>(for promise: EventLoopPromise<Value>, after command: ConnectionCommand,
                                              on channel: any Channel) throws(HTTP2ClientError) -> Value {
        let written = channel.eventLoop.makePromise(of: Void.self)
        // A write that never reached the pipeline (the channel closed) leaves `promise` to be failed here; the
        // pipeline completes the write at once otherwise.
        written.futureResult.whenFailure { error in
            promise.fail(HTTP2ClientError(error, phase: .waitingForAnswer))
        }
        channel.writeAndFlush(command, promise: written)
        do {
            return try promise.futureResult.wait()
        } catch {
            throw HTTP2ClientError(error, phase: .waitingForAnswer)
        }
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(max(0.001, min(seconds, 86_400)) * 1_000_000_000))
    }

    private static func seconds(_ amount: TimeAmount) -> Double {
        Double(max(0, amount.nanoseconds)) / 1_000_000_000
    }

    private static func name(_ version: TLSVersion) -> String {
        switch version {
        case .tlsv1: return "TLSv1"
        case .tlsv11: return "TLSv1.1"
        case .tlsv12: return "TLSv1.2"
        case .tlsv13: return "TLSv1.3"
        }
    }
}
