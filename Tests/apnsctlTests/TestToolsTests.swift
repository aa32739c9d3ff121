import Foundation
import Testing
import TestSupport

/// `make test` installs every program its tests start: scripts/check-test-tools.sh (run first by `make test`)
/// fails, naming the program and its package, when a test starts one the Makefile's TEST_TOOLS does not list.
@Suite struct TestToolsTests {
    struct Run { var status: Int32; var stdout: String; var stderr: String }

    static func checkTools(root: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLI.repositoryRoot.appendingPathComponent("scripts/check-test-tools.sh").path, root.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A copy of the Makefile beside one test source. The sources below spell `SBIN/`, `ENV` and `IMPORT` so
    /// that the check, scanning this repository's own tests, does not see their made-up programs.
    static func sandbox(test template: String) throws -> URL {
        let source = template.replacingOccurrences(of: "SBIN/", with: "/usr/sbin/")
            .replacingOccurrences(of: "ENV", with: "/usr/bin/env").replacingOccurrences(of: "IMPORT", with: "import")
        let root = CLI.temporaryDirectory("tools")
        try FileManager.default.copyItem(at: CLI.repositoryRoot.appendingPathComponent("Makefile"),
                                         to: root.appendingPathComponent("Makefile"))
        let tests = root.appendingPathComponent("Tests/SomeTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try source.write(to: tests.appendingPathComponent("SomeTests.swift"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func everyProgramThisRepositorysTestsStartIsListed() throws {
        let run = try Self.checkTools(root: CLI.repositoryRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("is in TEST_TOOLS"))
    }

    @Test func anUnlistedProgramFailsNamingItAndItsPackage() throws {
        let root = try Self.sandbox(test: """
        import Foundation
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "SBIN/apnsctl-no-such-daemon")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        """)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.checkTools(root: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("SomeTests.swift:3 starts 'apnsctl-no-such-daemon'"), "\(run.stderr)")
        #expect(run.stderr.contains("TEST_TOOLS += apnsctl-no-such-daemon=apt:"))
        #expect(!run.stderr.contains("'openssl'"), "openssl is listed: \(run.stderr)")
    }

    @Test func programsStartedThroughEnvAndPythonModulesCount() throws {
        let root = try Self.sandbox(test: #"""
        import Foundation
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "ENV")
        process.arguments = ["h2load-not-listed", "-n", "1"]
        let script = """
        IMPORT os, sys, aioapns_not_listed
        """
        let check = ["-c", "import jwt, cryptography"]
        """#)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.checkTools(root: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("starts 'h2load-not-listed'"), "\(run.stderr)")
        #expect(run.stderr.contains("Python module 'aioapns_not_listed'"), "\(run.stderr)")
        for listedOrStandard in ["'os'", "'sys'", "'jwt'", "'cryptography'", "'env'"] {
            #expect(!run.stderr.contains(listedOrStandard), "\(listedOrStandard) needs no entry: \(run.stderr)")
        }
    }

    /// Suites that start openssl or curl are skipped when it is missing, so `swift test` alone still runs the
    /// rest; this test fails instead, naming every listed program and Python module this machine lacks, so a
    /// skipped suite never passes unnoticed (`make test` installs them all first).
    @Test func everyListedProgramAndModuleIsInstalledHere() throws {
        // The Makefile's own lines (what `make print-test-tools` prints), read without starting make.
        let makefile = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let entries = makefile.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("TEST_TOOLS += ") else { return nil }
            return line.dropFirst("TEST_TOOLS += ".count)
        }
        var missing = [String]()
        for entry in entries {
            let name = String(entry.prefix { $0 != "=" })
            if name.hasPrefix("py:") {
                let module = String(name.dropFirst(3))
                let probe = try ExternalProcess.run("/usr/bin/python3", ["-c", "import \(module)"])
                if probe.status != 0 { missing.append("Python module \(module) (\(entry))") }
            } else if ExternalProcess.find(name) == nil {
                missing.append("\(name) (\(entry))")
            }
        }
        #expect(entries.count >= 10)
        #expect(missing.isEmpty, "not installed: \(missing.joined(separator: ", ")); run `make test-deps`")
    }

    @Test func makeTestChecksTheToolsFirstAndInstallsThem() throws {
        let makefile = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("\ntest: check-test-tools test-deps\n"))
        let ci = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(!ci.contains("apt-get"), ".ci/run must leave the installing to make test")
    }
}
