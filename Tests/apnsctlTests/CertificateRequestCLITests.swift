import Foundation
import Testing

/// `apnsctl cert request`, `cert join` and `cert inspect` of a CSR, end to end through the binary, with openssl
/// as the independent judge (it verifies the CSR, signs it as Apple would, and opens the exported .p12).
enum RequestCLI {
    static let ca = KeystoreCertImportTests.cert("ca.pem")
    static let caKey = KeystoreCertImportTests.cert("ca.key")

    static func openssl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try CLI.tool("/usr/bin/openssl", arguments)
    }

    /// `cert request --out DIR/push.csr` in `keystore`; returns the CSR path and the request id.
    static func request(_ keystore: String, in directory: URL, extra: [String] = []) throws -> (csr: String, id: String) {
        let csr = directory.appendingPathComponent("push-\(UUID().uuidString.prefix(6)).csr").path
        let result = try KeystoreCLI.ok(["cert", "request", "--out", csr, "--format", "json"] + extra, keystore)
        let json = try KeystoreCLI.json(result) as? [String: Any] ?? [:]
        return (csr, json["id"] as? String ?? "?")
    }

    /// Signs `csr` with the test CA as Apple's WWDR would: Apple's subject, the push OIDs and a topics extension
    /// (`push: false` leaves them out). Writes DER (a .cer) and returns its path.
    /// Signs `csr` with the test CA as Apple would; `environments` says which of the sandbox (6.3.1) and production
    /// (6.3.2) OIDs the certificate carries.
    static func sign(_ csr: String, in directory: URL, push: Bool = true, bundleID: String = "com.example.app",
                     environments: Set<String> = ["development", "production"]) throws -> String {
        let ext = directory.appendingPathComponent("ext-\(UUID().uuidString.prefix(6)).cnf").path
        var text = "[apns]\nbasicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\n"
            + "extendedKeyUsage = clientAuth\n"
        if push {
            text += (environments.contains("development") ? "1.2.840.113635.100.6.3.1 = DER:0500\n" : "")
                + (environments.contains("production") ? "1.2.840.113635.100.6.3.2 = DER:0500\n" : "")
                + "1.2.840.113635.100.6.3.6 = ASN1:SEQUENCE:topics\n[topics]\nt1 = UTF8:\(bundleID)\n"
                + "l1 = SEQUENCE:labels\nt2 = UTF8:\(bundleID).voip\nl2 = SEQUENCE:voip\n[labels]\nl = UTF8:topic\n"
                + "[voip]\nl = UTF8:voip\n"
        }
        try text.write(toFile: ext, atomically: true, encoding: .utf8)
        let cer = directory.appendingPathComponent("aps-\(UUID().uuidString.prefix(6)).cer").path
        let signed = try openssl(["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", caKey, "-set_serial", "4660",
                                  "-days", "365", "-extfile", ext, "-extensions", "apns", "-subj",
                                  "/UID=\(bundleID)/CN=Apple Push Services: \(bundleID)/OU=TEAM123456/C=US",
                                  "-outform", "DER", "-out", cer])
        guard signed.status == 0 else { throw CLIFailure(result: CLI.Result(status: signed.status, stdout: "",
                                                                            stderr: "openssl x509 -req failed",
                                                                            stdoutData: Data())) }
        return cer
    }
}

@Suite struct CertificateRequestCLITests {
    /// Issue 31 §4: `--env` is one type, parsed one way: a value that is not an environment is the same usage error
    /// (exit 2) in every verb that works in one environment or notes one (`cert request` had its own wording).
    @Test(arguments: [["cert", "request", "--out", "x.csr"], ["token", "issue"], ["cert", "verify", "x.pem"],
                      ["probe"]])
    func everyEnvOptionRefusesANonEnvironmentAlike(verb: [String]) throws {
        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(verb + ["--env", "staging"], ks)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("apnsctl: error: The value 'staging' is invalid for '--env <ENV>'. Please provide "
                                        + "one of 'development' and 'production'.\n"), "\(result.stderr)")
    }

    /// Issue 19: `cert request --bundle-id 'not a bundle'` was accepted.
    @Test(arguments: ["not a bundle", "com..example", "*", "com.example.*", "com.exämple.app", ".com.example"])
    func requestRefusesWhatIsNotABundleID(bundleID: String) throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("csr")
        let csr = directory.appendingPathComponent("push.csr").path
        let result = try KeystoreCLI.run(["cert", "request", "--out", csr, "--bundle-id", bundleID], ks)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("apnsctl: error: --bundle-id '\(bundleID)' is not a bundle id: "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: csr))
        let good = try KeystoreCLI.run(["cert", "request", "--out", csr, "--bundle-id", "com.example-1.App"], ks)
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test func requestWritesACSROpenSSLAcceptsAndKeepsTheKeyPending() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("csr")
        let csr = directory.appendingPathComponent("push.csr").path
        let result = try KeystoreCLI.ok(["cert", "request", "--out", csr, "--email", "ops@example.com",
                                         "--common-name", "Ops", "--country", "DE", "--bundle-id", "com.example.app",
                                         "--env", "development"], ks)
        #expect(try RequestCLI.openssl(["req", "-in", csr, "-verify", "-noout"]).status == 0)
        let subject = try RequestCLI.openssl(["req", "-in", csr, "-noout", "-subject", "-nameopt", "RFC2253"]).output
        #expect(subject.contains("C=DE,CN=Ops,emailAddress=ops@example.com"))
        // Next steps, in order: the portal, the certificate type, the join line.
        let text = result.stdout
        let portal = try #require(text.range(of: "https://developer.apple.com/account/resources/certificates/add"))
        let type = try #require(text.range(of: "\"Apple Push Notification service SSL (Sandbox)\""))
        let join = try #require(text.range(of: "apnsctl cert join aps_development.cer"))
        #expect(portal.lowerBound < type.lowerBound && type.lowerBound < join.lowerBound)

        // The key is in the keystore (0600), listed with its age, by --list and by keystore status.
        let list = try KeystoreCLI.json(try KeystoreCLI.ok(["cert", "request", "--list", "--format", "json"], ks))
            as? [[String: Any]] ?? []
        let id = try #require(list.first?["id"] as? String)
        #expect(list.count == 1 && list.first?["bundle_id"] as? String == "com.example.app")
        #expect(list.first?["age_days"] as? Int == 0)
        #expect(KeystoreCLI.mode("\(ks)/requests/\(id).key.pem") == 0o600)
        #expect(KeystoreCLI.mode("\(ks)/requests") == 0o700)
        let status = try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "status", "--format", "json"], ks))
            as? [String: Any] ?? [:]
        #expect((status["pending_requests"] as? [[String: Any]])?.first?["id"] as? String == id)
        #expect(try KeystoreCLI.ok(["keystore", "status"], ks).stdout.contains(id))

        // cert inspect recognises the CSR (PEM and DER) and names the pending request.
        let der = directory.appendingPathComponent("push.der").path
        #expect(try RequestCLI.openssl(["req", "-in", csr, "-outform", "DER", "-out", der]).status == 0)
        let inspect = try KeystoreCLI.json(try KeystoreCLI.ok(["cert", "inspect", csr, der, "--format", "json"], ks))
            as? [[String: Any]] ?? []
        #expect(inspect.count == 2)
        for report in inspect {
            #expect(report["kind"] as? String == "csr" && report["pending_request"] as? String == id)
            #expect(report["signature_verifies"] as? Bool == true && report["public_key"] as? String == "rsaEncryption 2048")
            #expect((report["public_key_sha256"] as? String)?.hasPrefix(id) == true)
        }

        // The CSR is never overwritten without --force; nothing is added to the keystore then.
        let again = try KeystoreCLI.run(["cert", "request", "--out", csr], ks)
        #expect(again.status == 6 && again.stderr.contains("already exists") && again.stderr.contains("apnsctl: hint:"))
        let count = try KeystoreCLI.json(try KeystoreCLI.ok(["cert", "request", "--list", "--format", "json"], ks))
        #expect((count as? [Any])?.count == 1)

        // --discard removes it (audited), and its key file.
        try KeystoreCLI.ok(["cert", "request", "--discard", id], ks)
        #expect(!FileManager.default.fileExists(atPath: "\(ks)/requests/\(id).key.pem"))
        #expect(try KeystoreCLI.ok(["cert", "request", "--list"], ks).stdout.contains("no pending"))
        let audit = try KeystoreCLI.ok(["keystore", "audit", "--format", "json"], ks).stdout
        #expect(audit.contains("cert.request.discard") && audit.contains("cert.request"))
        #expect(try KeystoreCLI.run(["cert", "request", "--discard", id], ks).status == 5)
    }

    @Test func joinStoresTheCertificateAndExportsAP12OpenSSLOpens() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("join")
        let (csr, id) = try RequestCLI.request(ks, in: directory, extra: ["--bundle-id", "com.example.app"])
        let cer = try RequestCLI.sign(csr, in: directory)

        // Not issued by Apple: refused without --ca, and nothing changes.
        let refused = try KeystoreCLI.run(["cert", "join", cer], ks)
        #expect(refused.status == 3 && refused.stderr.contains("does not chain to Apple") && refused.stderr.contains("--ca"))
        #expect(try KeystoreCLI.ok(["cert", "request", "--list"], ks).stdout.contains(id))

        let password = directory.appendingPathComponent("p12-password.txt").path
        try "s3cret export\n".write(toFile: password, atomically: true, encoding: .utf8)
        let p12 = directory.appendingPathComponent("push.p12").path
        let joined = try KeystoreCLI.ok(["cert", "join", cer, "--ca", RequestCLI.ca, "--out", p12,
                                         "--out-password-file", password, "--format", "json"], ks)
        let json = try KeystoreCLI.json(joined) as? [String: Any] ?? [:]
        #expect(json["request"] as? String == id && json["trust"] as? String == "ca"
                && json["certificate_type"] as? String == "push")
        #expect(json["purpose"] as? String == "app_push")
        #expect((json["chain"] as? [String])?.count == 1, "the chain is an array of subjects: the test CA")
        #expect(json["topics"] as? [String] == ["com.example.app", "com.example.app.voip"])
        #expect(json["environments"] as? [String] == ["development", "production"])
        #expect(KeystoreCLI.mode(p12) == 0o600)
        let opened = try RequestCLI.openssl(["pkcs12", "-in", p12, "-nodes", "-passin", "file:\(password)"])
        #expect(opened.status == 0 && opened.output.contains("BEGIN PRIVATE KEY")
                && opened.output.contains("Apple Push Services: com.example.app"))

        // The request is gone and the certificate is in the keystore, usable by keystore status (its judge trusting
        // the test CA that stands in for Apple's).
        #expect(try KeystoreCLI.ok(["cert", "request", "--list"], ks).stdout.contains("no pending"))
        #expect(!FileManager.default.fileExists(atPath: "\(ks)/requests/\(id).key.pem"))
        let status = try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "status", "--format", "json", "--ca",
                                                             RequestCLI.ca], ks))
            as? [String: Any] ?? [:]
        #expect((status["certificates"] as? [[String: Any]])?.first?["id"] as? String == json["id"] as? String)
        #expect(try KeystoreCLI.ok(["keystore", "audit"], ks).stdout.contains("cert.join"))

        // The text output says the certificate is not Apple's.
        let (csr2, _) = try RequestCLI.request(ks, in: directory)
        let cer2 = try RequestCLI.sign(csr2, in: directory)
        let pem = directory.appendingPathComponent("push.pem").path
        let text = try KeystoreCLI.ok(["cert", "join", cer2, "--ca", RequestCLI.ca, "--out", pem, "--to", "pem"], ks)
        #expect(text.stdout.contains("NOT issued by Apple"))
        #expect(try RequestCLI.openssl(["x509", "-in", pem, "-noout"]).status == 0)
        #expect(try RequestCLI.openssl(["pkey", "-in", pem, "-noout"]).status == 0)

        // --legacy: what older macOS Keychain imports (openssl 3 needs -legacy to open it).
        let (csr3, _) = try RequestCLI.request(ks, in: directory)
        let cer3 = try RequestCLI.sign(csr3, in: directory)
        let legacy = directory.appendingPathComponent("legacy.p12").path
        try KeystoreCLI.ok(["cert", "join", cer3, "--ca", RequestCLI.ca, "--out", legacy, "--legacy",
                            "--out-password-file", password], ks)
        #expect(try RequestCLI.openssl(["pkcs12", "-in", legacy, "-nodes", "-legacy", "-passin", "file:\(password)"])
            .status == 0)
    }

    @Test func joinRefusesCertificatesWithoutARequestOrWithoutPushOIDs() throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("join-bad")
        // A CSR made elsewhere (openssl): no pending request has its key.
        let csr = directory.appendingPathComponent("elsewhere.csr").path
        #expect(try RequestCLI.openssl(["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout",
                                        directory.appendingPathComponent("k.pem").path, "-subj", "/CN=x",
                                        "-out", csr]).status == 0)
        let cer = try RequestCLI.sign(csr, in: directory)
        let none = try KeystoreCLI.run(["cert", "join", cer, "--ca", RequestCLI.ca], ks)
        let fingerprint = try KeystoreCLI.json(try KeystoreCLI.ok(["cert", "inspect", csr, "--format", "json"], ks))
        let sha = (fingerprint as? [[String: Any]])?.first?["public_key_sha256"] as? String ?? "?"
        #expect(none.status == 5 && none.stderr.contains(sha) && none.stderr.contains("cert import"))

        // Not an APNs certificate.
        let (mine, id) = try RequestCLI.request(ks, in: directory)
        let plain = try RequestCLI.sign(mine, in: directory, push: false)
        let wrong = try KeystoreCLI.run(["cert", "join", plain, "--ca", RequestCLI.ca], ks)
        #expect(wrong.status == 3 && wrong.stderr.contains("not an APNs certificate"))
        #expect(try KeystoreCLI.ok(["cert", "request", "--list"], ks).stdout.contains(id))
    }
}

/// The keystore crash tests, extended to `cert join`.
extension KeystoreCrashTests {
    /// A join killed at any point leaves the request or the certificate, never neither; a rerun completes it.
    @Test(arguments: ["before-files", "before-manifest", "after-manifest"])
    func aJoinKilledAnywhereKeepsTheRequestOrTheCertificate(point: String) throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("join-crash")
        let (csr, id) = try RequestCLI.request(ks, in: directory)
        let cer = try RequestCLI.sign(csr, in: directory)
        let command = ["cert", "join", cer, "--ca", RequestCLI.ca]
        let crashed = try KeystoreCLI.run(command, ks, environment: ["APNSCTL_DEBUG_CRASH_AT": "cert.join:\(point)"])
        #expect(crashed.status == 9, "cert.join:\(point) was not reached: \(crashed.stderr)")
        let status = try KeystoreCLI.json(try KeystoreCLI.ok(["keystore", "status", "--format", "json", "--ca",
                                                             RequestCLI.ca], ks))
            as? [String: Any] ?? [:]
        let pending = (status["pending_requests"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let certificates = status["certificates"] as? [[String: Any]] ?? []
        #expect(pending == [id] || certificates.count == 1, "\(point): neither the request nor the certificate")
        if pending == [id] { #expect(FileManager.default.fileExists(atPath: "\(ks)/requests/\(id).key.pem")) }
        if point == "after-manifest" {
            #expect(pending.isEmpty && certificates.count == 1)
            // The orphaned request key goes with the next change.
            try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
            #expect(!FileManager.default.fileExists(atPath: "\(ks)/requests/\(id).key.pem"))
        } else {
            #expect(pending == [id] && certificates.isEmpty)
            let again = try KeystoreCLI.run(command, ks)
            #expect(again.status == 0, "\(point) rerun: \(again.stderr)")
        }
    }
}

extension KeystoreCrashTests {
    /// `cert request` killed before its key is stored leaves no request and no CSR; a rerun works. `--discard`
    /// killed anywhere leaves the request with its key, or neither (the key goes with the next change).
    @Test(arguments: ["cert.request:before-key-file", "cert.request:before-manifest",
                      "cert.request.discard:before-manifest", "cert.request.discard:after-manifest"])
    func requestAndDiscardKilledAnywhereLeaveNoHalfRequest(point: String) throws {
        let ks = try KeystoreCLI.fresh()
        let directory = CLI.temporaryDirectory("request-crash")
        let csr = directory.appendingPathComponent("push.csr").path
        var id = ""
        if point.hasPrefix("cert.request.discard") { id = try RequestCLI.request(ks, in: directory).id }
        let command = id.isEmpty ? ["cert", "request", "--out", csr] : ["cert", "request", "--discard", id]
        let crashed = try KeystoreCLI.run(command, ks, environment: ["APNSCTL_DEBUG_CRASH_AT": point])
        #expect(crashed.status == 9, "\(point) was not reached: \(crashed.stderr)")
        let listed = try KeystoreCLI.json(try KeystoreCLI.ok(["cert", "request", "--list", "--format", "json"], ks))
            as? [[String: Any]] ?? []
        for request in listed {
            let key = "\(ks)/requests/\(request["id"] as? String ?? "?").key.pem"
            #expect(FileManager.default.fileExists(atPath: key), "\(point): a pending request without its key")
        }
        if id.isEmpty {
            #expect(listed.isEmpty && !FileManager.default.fileExists(atPath: csr), "\(point): half a request")
            try KeystoreCLI.ok(command, ks)
            #expect(try RequestCLI.openssl(["req", "-in", csr, "-verify", "-noout"]).status == 0)
        } else if point.hasSuffix("after-manifest") {
            #expect(listed.isEmpty)
            try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
            #expect(!FileManager.default.fileExists(atPath: "\(ks)/requests/\(id).key.pem"))
        } else {
            #expect(listed.count == 1)
            try KeystoreCLI.ok(command, ks)
        }
    }
}
