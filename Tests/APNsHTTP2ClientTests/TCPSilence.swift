import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that accepts connections (the kernel's backlog does) and never sends a byte.
final class TCPSilence: @unchecked Sendable {
    let port: Int
    private let socket: Int32

    init() throws {
        (socket, port) = try TestPorts.bound(listening: 8)
    }

    func close() { _ = Glibc.close(socket) }
}
