import Foundation
import Testing

/// Every `apnsctl` command in the README's `sh` blocks runs, in order, in bash, in a sandbox whose files are
/// the names the README uses (copies of committed fixtures), so the README cannot rot.
///
/// Expected exit: `# exit N` (or `# exit N or M`) at the end of the line; else 0. A command that talks to
/// Apple's real hosts (`--env …` without `--host`) may also end 1 or 4: this machine may be offline.
/// A line ending in `&` starts a background server (killed at the end); the README's ports 8443, 8444 (the
/// mock's channel management API) and 8445 (the local App Store Connect) are replaced by free ports so parallel runs do not collide. After `cert request --out push.csr` the test plays Apple's
/// portal: the test CA signs push.csr into aps.cer.
@Suite(.serialized) struct ReadmeTests {
    struct Command: CustomStringConvertible {
        var line: String
        var expected: Set<Int32>
        var background: Bool
        var description: String { line }
    }

    /// The README's commands (its `sh` and `bash` blocks), continuation lines joined.
    static func commands() throws -> [Command] {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return DocsConsistencyTests.commandLines(text, fences: ["sh", "bash"]).map(parse)
    }

    static func parse(_ line: String) -> Command {
        var body = line
        var expected: Set<Int32> = [0]
        if let marker = line.range(of: "# exit ") {
            let codes = line[marker.upperBound...].split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }
            expected = Set(codes)
            body = String(line[..<marker.lowerBound])
        } else if let comment = line.range(of: "  # ") {
            body = String(line[..<comment.lowerBound])
        }
        body = body.trimmingCharacters(in: .whitespaces)
        if body.contains("--env ") && !body.contains("--host ") { expected.formUnion([1, 4]) }
        let background = body.hasSuffix("&")
        if background { body = String(body.dropLast()).trimmingCharacters(in: .whitespaces) }
        return Command(line: body, expected: expected, background: background)
    }

    /// The sandbox: the README's file names, backed by committed fixtures.
    static func sandbox() throws -> URL {
        let directory = CLI.temporaryDirectory("readme")
        let certs = CLI.fixtures.appendingPathComponent("certs"), keys = CLI.fixtures.appendingPathComponent("keys")
        let provisioning = CLI.fixtures.appendingPathComponent("provisioning")
        let files: [(String, URL)] = [
            ("wwdr.pem", certs.appendingPathComponent("ca.pem")),
            ("AuthKey_ABC123DEFG.p8", keys.appendingPathComponent("AuthKey_ABC123DEFG.p8")),
            ("AuthKey_NEW456HIJK.p8", keys.appendingPathComponent("AuthKey_NEW456HIJK.p8")),
            ("App_Development.mobileprovision", provisioning.appendingPathComponent("development.mobileprovision")),
            ("App_Store.mobileprovision", provisioning.appendingPathComponent("distribution-wildcard.mobileprovision")),
            ("profile-ca.pem", provisioning.appendingPathComponent("test-root-ca.pem")),
            ("asc-state.json", CLI.repositoryRoot.appendingPathComponent("contrib/mock-asc/state.example.json")),
        ]
        for (name, source) in files {
            try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent(name))
        }
        try "legacy-export\n".write(to: directory.appendingPathComponent("p12-password.txt"), atomically: true,
                                    encoding: .utf8)
        try makePushP12(in: directory, certs: certs)
        // The portal's 2025 keys of the README's rotation recipe: fresh P-256 keys, PKCS#8, made by openssl.
        // …and the App Store Connect API key of its provisioning recipe.
        for name in ["AuthKey_SBX456HIJK.p8", "AuthKey_PRD789HIJK.p8", "AuthKey_2X9R4HXF34.p8"] {
            let made = try CLI.tool("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                                   "-out", directory.appendingPathComponent(name).path])
            #expect(made.status == 0, "openssl genpkey: \(made.output)")
        }
        return directory
    }

    /// The README's `push.p12`: a development push certificate for com.example.app (the README's app) issued by
    /// the committed test CA, exported as a legacy .p12 (password legacy-export), all with the openssl binary.
    static func makePushP12(in directory: URL, certs: URL) throws {
        let ext = directory.appendingPathComponent("push.ext").path
        try """
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = clientAuth
        1.2.840.113635.100.6.3.1 = DER:0500
        """.write(toFile: ext, atomically: true, encoding: .utf8)
        let key = directory.appendingPathComponent("push.key").path, csr = directory.appendingPathComponent("push.csr").path
        let cert = directory.appendingPathComponent("push.crt").path
        let steps: [[String]] = [
            ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj",
             "/UID=com.example.app/CN=Apple Development IOS Push Services: com.example.app/OU=TEAM123456/C=US"],
            ["x509", "-req", "-in", csr, "-CA", certs.appendingPathComponent("ca.pem").path,
             "-CAkey", certs.appendingPathComponent("ca.key").path, "-CAcreateserial", "-CAserial",
             directory.appendingPathComponent("ca.srl").path, "-days", "365", "-sha256", "-extfile", ext, "-out", cert],
            ["pkcs12", "-export", "-legacy", "-in", cert, "-inkey", key,
             "-name", "Apple Development IOS Push Services: com.example.app", "-passout", "pass:legacy-export",
             "-out", directory.appendingPathComponent("push.p12").path],
        ]
        for arguments in steps {
            let result = try CLI.tool("/usr/bin/openssl", arguments)
            #expect(result.status == 0, "openssl \(arguments.prefix(2).joined(separator: " ")) failed")
        }
        for name in ["push.key", "push.csr", "push.crt", "push.ext", "ca.srl"] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    @Test func theReadmeShowsEnoughCommandsToMatter() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 15, "the README's recipes shrank to \(commands.count) commands")
        for job in ["cert convert", "key import", "key rotate", "cert verify", "probe", "keystore status"] {
            #expect(commands.contains { $0.line.contains("apnsctl \(job)") }, "no recipe shows apnsctl \(job)")
        }
    }

    /// The README's list of JSON Schemas ("named after the command, which the tests validate real output
    /// against: `cert-inspect`, …") names every schema in docs/json/, so it cannot drift behind the commands again.
    @Test func theReadmesSchemaListNamesEverySchema() throws {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(text.range(of: "which the tests validate real output against:"))
        let end = try #require(text.range(of: "sharing `common.schema.json`", range: start.upperBound..<text.endIndex))
        let listed = Set(text[start.upperBound..<end.lowerBound].split(separator: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { !$0.contains("/") })
        let schemas = Set(JSONSchemaCheck.schemaNames).subtracting(["common"])
        #expect(schemas.subtracting(listed).isEmpty, "the README's JSON list leaves out \(schemas.subtracting(listed).sorted())")
        #expect(listed.subtracting(schemas).isEmpty, "the README lists schemas that do not exist: \(listed.subtracting(schemas).sorted())")
    }

    /// One example app throughout: every `--topic` (cert verify, probes, rotations) is com.example.app.
    @Test func theReadmeUsesOneAppID() throws {
        let words = try Self.commands().flatMap { $0.line.split(separator: " ").map(String.init) }
        let topics = Set(zip(words, words.dropFirst()).filter { $0.0 == "--topic" }.map(\.1))
        #expect(topics == ["com.example.app"], "the README's topics: \(topics.sorted())")
    }

    @Test func everyReadmeCommandRunsAsDocumented() throws {
        let directory = try Self.sandbox()
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = String(try SilentListener.freePort())
        var channelsPort = String(try SilentListener.freePort())
        while channelsPort == port { channelsPort = String(try SilentListener.freePort()) }
        var ascPort = String(try SilentListener.freePort())
        while ascPort == port || ascPort == channelsPort { ascPort = String(try SilentListener.freePort()) }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        environment["APNSCTL_KEYSTORE"] = directory.appendingPathComponent("keystore").path
        environment["P12_PASSWORD"] = "legacy-export"
        environment["NO_COLOR"] = "1"
        var servers = [Process]()
        defer { servers.forEach(Self.stop) }

        for command in try Self.commands() {
            let line = command.line.replacingOccurrences(of: "8443", with: port)
                .replacingOccurrences(of: "8444", with: channelsPort)
                .replacingOccurrences(of: "8445", with: ascPort)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["--norc", "-o", "pipefail", "-c", command.background ? "exec " + line : line]
            process.currentDirectoryURL = directory
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = command.background ? FileHandle.nullDevice : out
            process.standardError = command.background ? FileHandle.nullDevice : err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            if command.background {
                servers.append(process)
                waitForPort(Int(line.contains(ascPort) ? ascPort : port) ?? 0)
                if line.contains("--channels-port") { waitForPort(Int(channelsPort) ?? 0) }
                continue
            }
            let stderrData = err.fileHandleForReading.readDataToEndOfFile()
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let stderr = String(decoding: stderrData, as: UTF8.self)
            if command.line.hasPrefix("apnsctl cert request --out push.csr"), process.terminationStatus == 0 {
                // Apple's part: the portal signs push.csr; here the test CA (the sandbox's wwdr.pem) does.
                let cer = try RequestCLI.sign(directory.appendingPathComponent("push.csr").path, in: directory)
                try FileManager.default.moveItem(atPath: cer, toPath: directory.appendingPathComponent("aps.cer").path)
            }
            #expect(command.expected.contains(process.terminationStatus),
                    "`\(command.line)` exited \(process.terminationStatus), expected \(command.expected.sorted()): \(stderr)")
            #expect(process.terminationStatus != 2, "usage error in the README: `\(command.line)`: \(stderr)")
        }
    }

    /// SIGTERM (a graceful GOAWAY), then SIGKILL after 5 s: a child may inherit a mask that blocks SIGTERM.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        var waited = 0
        while process.isRunning, waited < 50 {
            usleep(100_000)
            waited += 1
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private func waitForPort(_ port: Int) {
        var tries = 0
        while !SilentListener.accepts(port), tries < 100 {
            usleep(100_000)
            tries += 1
        }
        #expect(SilentListener.accepts(port), "the README's background server never listened on port \(port)")
    }
}
