import Foundation
import Testing
import TestSupport

/// `apnsctl exporter --listen`: ListenAddressError worded by the CLI — a value that is not HOST:PORT is a usage
/// error (exit 2), a port already taken cannot be listened on (exit 4, in `mock serve`'s words); nothing is served.
@Suite struct ExporterListenCLITests {
    private func config(in directory: URL) throws -> String {
        let config = directory.appendingPathComponent("exporter.yml")
        try Data("credentials: []\n".utf8).write(to: config)
        return config.path
    }

    @Test func aValueThatIsNotHostPortIsAUsageError() throws {
        let directory = CLI.temporaryDirectory("exporter-listen-malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLI.run(["exporter", "--config", try config(in: directory), "--listen", "127.0.0.1"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "apnsctl: error: --listen 127.0.0.1: not HOST:PORT\napnsctl: hint: e.g. --listen 127.0.0.1:9464\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func aPortAlreadyTakenCannotBeListenedOn() throws {
        let directory = CLI.temporaryDirectory("exporter-listen-taken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (fd, port) = try TestPorts.bound(listening: 1)
        defer { close(fd) }
        let run = try CLI.run(["exporter", "--config", try config(in: directory), "--listen", "127.0.0.1:\(port)"],
                              timeout: 30)
        #expect(run.status == 4, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stderr)")
        // mock serve's words: the cause in words (never NIO's `bind(descriptor:…)`) and where to look.
        #expect(lines.first == "apnsctl: error: cannot listen on 127.0.0.1:\(port): the address is already in use",
                "\(run.stderr)")
        #expect(lines.last == "apnsctl: hint: another process listens on port \(port) (`ss -ltnp 'sport = :\(port)'` "
                + "shows which); pick another --listen HOST:PORT, or port 0 for any free one", "\(run.stderr)")
        #expect(!run.stdout.contains("listening"))
    }
}
