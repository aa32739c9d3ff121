import APNsCore
import APNsCredentials
import APNsKeystore
import APNsMock
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl demo`: the whole product, offline, in under a minute, against a local APNs on loopback.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Walk through the whole product offline against a local APNs, provisioning included.",
        discussion: """
        Makes a throwaway keystore with two local signing keys, a test CA with a universal APNs-style \
        certificate (labelled DEMO), starts the mock APNs on 127.0.0.1, and runs the everyday jobs as real \
        apnsctl commands: cert inspect, p12 to PEM, cert verify, token (twice: the second is cached), probes \
        with the key and with the certificate, a probe that explains a rejection, key rotation with a canary \
        probe, doctor, a push certificate made without a Mac (cert request, the test CA signing it as Apple \
        would, cert join with a .p12 export), and a provisioning profile signed by the test CA (profile inspect, \
        profile verify against a matching and a production-only push certificate), and a broadcast channel \
        (channel create, list, inspect, a Live Activity broadcast to it, probe --channels, channel delete), keys \
        with an environment (a sandbox key and a production key, a legacy key's scope discovered), and before you \
        send: a sandbox mock and a production mock, device check classifying tokens of each kind, payload check \
        catching two classic mistakes, app check showing a ready and a broken environment; and provisioning from \
        Linux against a local App Store Connect: an App ID without Push Notifications and a profile without \
        aps-environment, named by app check --apple and fixed by app push enable and profile renew. Exits 0 \
        only when every step behaved as expected.
        """
    )

    @Option(help: ArgumentHelp("Keep the demo's files (keystore, certificates) in DIR.", valueName: "DIR"),
            completion: .directory)
    var keep: String?

    @OptionGroup var output: FormatOptions

    static let team = "DEMOTEAM01"
    static let firstKey = "DEMOKEY001"
    static let secondKey = "DEMOKEY002"
    static let bundleID = "com.example.demo"

    func run() async throws {
        let directory = try workingDirectory()
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: directory) } }
        var environment = ProcessInfo.processInfo.environment
        environment["APNSCTL_KEYSTORE"] = directory + "/keystore"
        environment["DEMO_P12_PASSWORD"] = "demo-export-password"
        let demo = DemoRunner(workingDirectory: directory, environment: environment, quiet: output.isJSON)
        let started = Date()

        demo.say("apnsctl demo: everything below runs offline, in \(directory)")
        try await runSteps(demo, directory: directory)

        let seconds = Date().timeIntervalSince(started)
        if output.isJSON {
            try Console.printJSON(DemoSummary(passed: demo.allPassed, seconds: seconds, steps: demo.outcomes,
                                              kept: keep))
        } else {
            print(demo.summary())
            print(String(cFormat: "finished in %.1f s", seconds) + (keep.map { "; files kept in \($0)" } ?? ""))
        }
        if !demo.allPassed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    private func runSteps(_ demo: DemoRunner, directory: String) async throws {
        demo.say("\n1. A keystore and two local signing keys (never registered with Apple)")
        demo.step("create a keystore", ["keystore", "init", directory + "/keystore"], exit: 0)
        demo.step("generate the active key", ["key", "generate", "--team", Self.team, "--key-id", Self.firstKey],
                  exit: 0)
        demo.step("generate the next key (staged)",
                  ["key", "generate", "--team", Self.team, "--key-id", Self.secondKey], exit: 0)

        demo.say("\n2. A test CA issues a universal APNs-style certificate (DEMO), exported as a .p12")
        guard let fixtures = demo.prepare("issue the DEMO certificate", detail: "demo.p12, demo-ca.pem",
                                          done: "  wrote demo.p12 (password in demo-p12-password.txt) and demo-ca.pem", {
            try DemoFixtures.make(in: directory, bundleID: Self.bundleID, teamID: Self.team)
        }) else { return }

        demo.say("\n3. The mock APNs on 127.0.0.1 (development), trusting the keystore's keys and the DEMO CA")
        let server: MockAPNsServer
        let port: Int
        do {
            server = try await startMock(directory: directory, fixtures: fixtures)
            port = try await server.start()
            try SecureFile.write(Array((server.certificateAuthorityPEM ?? "").utf8), to: directory + "/mock-ca.pem",
                                 mode: 0o644, overwrite: true)
            demo.record("start the mock APNs", passed: true, detail: "127.0.0.1:\(port)")
            demo.say("  listening on 127.0.0.1:\(port); its CA is mock-ca.pem")
        } catch {
            demo.record("start the mock APNs", passed: false, detail: "\(error)")
            return
        }

        demo.say("\n4. Certificates: inspect, convert, verify")
        let password = ["--password-file", "demo-p12-password.txt"]
        demo.step("inspect the .p12", ["cert", "inspect", "demo.p12"] + password, exit: 0, mentions: Self.bundleID)
        demo.step("convert .p12 to PEM", ["cert", "convert", "demo.p12", "--to", "pem", "--out", "demo.pem"]
                  + password, exit: 0)
        demo.step("verify topic and environment", ["cert", "verify", "demo.pem", "--topic", Self.bundleID,
                                                    "--topic", Self.bundleID + ".voip", "--env", "development",
                                                    "--ca", "demo-ca.pem"], exit: 0)
        demo.step("verify catches a topic it lacks", ["cert", "verify", "demo.pem", "--topic", "com.example.other"],
                  exit: 1)

        demo.say("\n5. Provider tokens: the second call returns the cached token")
        let first = demo.step("issue a token", ["token", "--team", Self.team], showLines: 1, exit: 0)
        demo.step("the same token again (cached)", ["token", "--team", Self.team], showLines: 1) { output in
            expectExit(output, 0) ?? (output.stdout == first.stdout ? nil : "a different token: the cache was not used")
        }

        demo.say("\n6. Canary probes against the mock")
        let target = ["--host", "127.0.0.1", "--port", String(port), "--cacert", "mock-ca.pem"]
        demo.step("probe with the signing key", ["probe"] + target + ["--team", Self.team, "--topic", Self.bundleID,
                                                                       "--device-token", fixtures.deviceToken], exit: 0)
        demo.step("probe with the certificate", ["probe"] + target + ["--cert", "demo.p12"] + password
                  + ["--device-token", fixtures.deviceToken], exit: 0)
        demo.step("a probe APNs rejects, explained", ["probe"] + target + ["--team", Self.team, "--topic",
                                                                            Self.bundleID, "--device-token",
                                                                            fixtures.foreignDeviceToken],
                                                                            exit: 1, mentions: "BadDeviceToken")

        demo.say("\n7. Rotation: the staged key must pass a canary probe before it becomes active")
        demo.step("rotate with a canary probe", ["key", "rotate", "--team", Self.team, "--to-key", Self.secondKey,
                                                  "--probe"] + target + ["--topic", Self.bundleID,
                                                                         "--device-token", fixtures.deviceToken],
                                                                         exit: 0)
        demo.step("tokens now come from the new key", ["token", "--team", Self.team, "--format", "json"],
                  showLines: 0, exit: 0, mentions: "\"key_id\" : \"\(Self.secondKey)\"")
        demo.step("keystore status", ["keystore", "status"], exit: 0)

        DemoProfiles.run(demo, directory: directory, teamID: Self.team, bundleID: Self.bundleID)

        demo.say("\n9. Is this machine ready?")
        demo.step("doctor", ["doctor"], exit: 0)

        runCertificateRequestSteps(demo, directory: directory, authority: fixtures.authority)

        DemoChannels.run(demo, port: port, channelsPort: server.channelsPort, teamID: Self.team, bundleID: Self.bundleID)

        await server.stop()
        await DemoKeyScopes.run(demo, directory: directory, bundleID: Self.bundleID, deviceToken: fixtures.deviceToken)
        await DemoBeforeSend.run(demo, directory: directory, team: DemoKeyScopes.team, bundleID: Self.bundleID)
        await DemoProvisioning.run(demo, directory: directory, team: DemoKeyScopes.team, bundleID: Self.bundleID)
    }

    private func workingDirectory() throws -> String {
        if let keep {
            let path = URL(fileURLWithPath: keep).standardizedFileURL.path
            try SecureFile.ensureDirectory(path)
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: path), !contents.isEmpty {
                throw APNsError.output("\(keep): not empty", hint: "name a new or empty directory for --keep")
            }
            return path
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-demo-\(UUID().uuidString.prefix(8))").path
        try SecureFile.ensureDirectory(path)
        return path
    }
}
