import APNsCore
import Foundation
import Testing

/// Lines written in batches: nothing lost, order kept, at most the delay late, and at once past the limit.
struct BatchedLineWriterTests {
    /// Reads what is in the pipe now (non-blocking).
    private func available(_ pipe: Pipe) -> String {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        let count = read(descriptor, &bytes, bytes.count)
        return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
    }

    @Test func linesWaitForTheDelayOrAFlushAndKeepTheirOrder() async throws {
        let pipe = Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor, delay: .seconds(30))
        for index in 1...3 { writer.write("line \(index)") }
        #expect(available(pipe) == "")
        writer.flush()
        #expect(available(pipe) == "line 1\nline 2\nline 3\n")
        writer.flush()
        #expect(available(pipe) == "")
    }

    @Test func aLineIsWrittenWithinTheDelayWithoutAFlush() async throws {
        let pipe = Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor, delay: .milliseconds(20))
        writer.write("late but written")
        var seen = ""
        for _ in 0..<200 where seen.isEmpty {   // up to 10 s on a loaded machine; normally one 20 ms wait
            try await Task.sleep(for: .milliseconds(50))
            seen = available(pipe)
        }
        #expect(seen == "late but written\n")
    }

    @Test func theLimitWritesAtOnce() {
        let pipe = Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor, delay: .seconds(30), limit: 10)
        writer.write("0123456789")
        #expect(available(pipe) == "0123456789\n")
    }
}
