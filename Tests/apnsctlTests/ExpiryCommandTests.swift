import Foundation
import Testing

@Suite struct ExpiryCommandTests {
    @Test func minDaysExitsOneWhenAnythingIsTooClose() throws {
        let result = try CLI.run(["expiry", "--no-keystore", ProfileCLI.directory.path, "--min-days", "30"] + ProfileCLI.ca)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("KIND") == true)
        #expect(lines.dropFirst().first?.hasPrefix("profile") == true)
        #expect(lines.dropFirst().first?.contains("Example Expired") == true)
        #expect(result.stdout.contains("unreadable: \(ProfileCLI.path("empty.mobileprovision")): empty file"))
        let fine = try CLI.run(["expiry", "--no-keystore", ProfileCLI.path("development.mobileprovision"), "--min-days", "30"]
                               + ProfileCLI.ca)
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
    }

    /// Issue 19: a .p12 it cannot open (no password given) left `expiry --min-days` at exit 0.
    @Test func anUnreadableP12FailsMinDays() throws {
        let files = [CertCLI.path("universal-modern.p12"), CertCLI.path("dev.pem")]
        let result = try CLI.run(["expiry", "--no-keystore", "--min-days", "1"] + files)
        #expect(result.status == 1)
        #expect(result.stdout.contains("unreadable: \(CertCLI.path("universal-modern.p12")): a password is needed"))
        #expect(result.stderr.contains("1 file could not be read: their expiry is unknown"))
        let json = try CLI.run(["expiry", "--no-keystore", "--min-days", "1", "--format", "json"] + files)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect((object["credentials"] as? [[String: Any]])?.contains { $0["kind"] as? String == "unreadable" } == true)
        // With the password it opens, and the check passes; without --min-days there is no check to fail.
        let opened = try CLI.run(["expiry", "--no-keystore", "--min-days", "1", "--password-file",
                                  CertCLI.passwordFile("universal-modern.p12"), "--ca", CertCLI.path("ca.pem")] + files)
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try CLI.run(["expiry", "--no-keystore"] + files).status == 0)
    }

    /// Issue 40 §1: expiry asks the certificate and profile judges. A certificate that chains to no CA trusted here
    /// and a profile signed by one are refused: marked, named with the judge's findings, and `--min-days` fails
    /// (before, both were listed as fine, exit 0); with `--ca` they pass.
    @Test func aCertificateOrProfileItsJudgeRefusesIsNeverFine() throws {
        let files = [CertCLI.path("dev.pem"), ProfileCLI.path("development.mobileprovision")]
        let refused = try CLI.run(["expiry", "--no-keystore", "--min-days", "0"] + files)
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("refused: \(CertCLI.path("dev.pem")): "), "\(refused.stdout)")
        #expect(refused.stdout.contains("chain: does not chain to Apple's CAs"), "\(refused.stdout)")
        #expect(refused.stdout.contains("refused: \(ProfileCLI.path("development.mobileprovision")): "), "\(refused.stdout)")
        let json = try CLI.run(["expiry", "--no-keystore", "--format", "json"] + files)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let items = object["credentials"] as? [[String: Any]] ?? []
        #expect(items.filter { $0["verdict"] as? String == "refused" }.count == 2, "\(json.stdout)")
        // A series for each refused credential, naming the first failed check; none once the CAs are trusted.
        let prometheus = try CLI.run(["expiry", "--no-keystore", "--format", "prometheus"] + files).stdout
        let refusedSeries = prometheus.split(separator: "\n").filter { $0.hasPrefix("apnsctl_credential_refused{") }
        #expect(refusedSeries.count == 2, "\(prometheus)")
        #expect(refusedSeries.contains { $0.hasPrefix(#"apnsctl_credential_refused{kind="certificate""#)
            && $0.hasSuffix(#"check="chain"} 1"#) }, "\(prometheus)")
        let trustedSeries = try CLI.run(["expiry", "--no-keystore", "--format", "prometheus", "--ca", CertCLI.path("ca.pem")]
                                        + ProfileCLI.ca + files).stdout
        #expect(!trustedSeries.contains("apnsctl_credential_refused{"), "\(trustedSeries)")
        let trusted = try CLI.run(["expiry", "--no-keystore", "--min-days", "0", "--ca", CertCLI.path("ca.pem")]
                                  + ProfileCLI.ca + files)
        #expect(trusted.status == 0, "\(trusted.stdout)\(trusted.stderr)")
    }

    /// A pending `cert request` is a private key waiting in the keystore: expiry lists it (kind `request`, its age,
    /// no expiry) until `cert join` or `--discard` ends it.
    @Test func pendingCertificateRequestsAreListedWithTheirAge() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("expiry")
        let (_, id) = try RequestCLI.request(ks, in: directory, extra: ["--bundle-id", "com.example.app",
                                                                       "--env", "development"])
        let listed = try KeystoreCLI.json(try KeystoreCLI.ok(["expiry", "--format", "json"], ks)) as? [String: Any] ?? [:]
        let items = listed["credentials"] as? [[String: Any]] ?? []
        let request = try #require(items.first { $0["kind"] as? String == "request" })
        #expect((request["name"] as? String)?.hasPrefix(id) == true)
        #expect(request["bundle_id"] as? String == "com.example.app" && request["environment"] as? String == "development")
        #expect(request["age_days"] as? Int == 0 && request["source"] as? String == "keystore")
        #expect(request["not_after"] is NSNull && request["days_left"] is NSNull)
        #expect((request["file"] as? String)?.hasSuffix("/requests/\(id).key.pem") == true)

        let table = try KeystoreCLI.ok(["expiry"], ks).stdout
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("request") && $0.contains(id) && $0.contains("pending (age 0 days)") })
        let prometheus = try KeystoreCLI.ok(["expiry", "--format", "prometheus"], ks).stdout
        #expect(prometheus.contains("apnsctl_pending_request_age_seconds{kind=\"request\",topic=\"com.example.app\",environment=\"development\""))

        try KeystoreCLI.ok(["cert", "request", "--discard", id], ks)
        let after = try KeystoreCLI.json(try KeystoreCLI.ok(["expiry", "--format", "json"], ks)) as? [String: Any] ?? [:]
        #expect(!((after["credentials"] as? [[String: Any]]) ?? []).contains { $0["kind"] as? String == "request" })
    }

    @Test func prometheusOutIsWrittenAtomicallyAndReadable() throws {
        let directory = CLI.temporaryDirectory("expiry")
        let out = directory.appendingPathComponent("apnsctl.prom").path
        let result = try CLI.run(["expiry", "--no-keystore", CertCLI.path("dev.pem"), ProfileCLI.path("macos.provisionprofile"),
                                  "--format", "prometheus", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("# TYPE apnsctl_credential_expiry_timestamp_seconds gauge"))
        #expect(text.contains("apnsctl_credential_time_left_seconds{kind=\"profile\",team_id=\"MACTEAM123\",purpose=\"\",topic=\"com.example.mac\",environment=\"production\""))
        #expect(CertCLI.mode(out) == 0o644)
        #expect(CertCLI.listing(directory) == ["apnsctl.prom"])
    }

    /// The Prometheus client library's own parser (not ours) reads the file: one gauge sample per credential.
    @Test func prometheusClientParsesTheExposition() throws {
        try #require(Self.prometheusClientPresent, "python3 module prometheus_client missing: run make test-deps")
        let directory = CLI.temporaryDirectory("expiry")
        let out = directory.appendingPathComponent("apnsctl.prom").path
        #expect(try CLI.run(["expiry", "--no-keystore", ProfileCLI.directory.path, "--format", "prometheus",
                             "--out", out]).status == 0)
        let script = """
        import sys
        from prometheus_client.parser import text_string_to_metric_families
        for family in text_string_to_metric_families(open(sys.argv[1]).read()):
            kinds = sorted(set(s.labels.get("kind", "") for s in family.samples))
            print(family.name, family.type, len(family.samples), ",".join(kinds))
        """
        let parsed = try CLI.tool("/usr/bin/python3", ["-c", script, out])
        #expect(parsed.status == 0)
        let lines = parsed.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("apnsctl_credential_expiry_timestamp_seconds gauge 11 certificate,profile"), "\(lines)")
        #expect(lines.contains("apnsctl_credential_time_left_seconds gauge 11 certificate,profile"))
        #expect(lines.contains("apnsctl_credential_unreadable gauge 1 "))
        #expect(lines.contains("apnsctl_expiry_credentials gauge 1 "))
    }

    static var prometheusClientPresent: Bool {
        (try? CLI.tool("/usr/bin/python3", ["-c", "import prometheus_client"]).status) == 0
    }
}
