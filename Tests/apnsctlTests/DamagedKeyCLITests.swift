import Foundation
import TestSupport
import Testing

/// Issue 29 §1: a private key whose private half does not match the public half it carries (one bit of an Apple
/// .p8's scalar flipped; one bit of an RSA key's d) is refused by every reader, as `openssl pkey -check` refuses
/// it: exit 3, an error naming the file and what disagrees, a hint, and nothing stored.
@Suite struct DamagedKeyCLITests {
    static let openssl = "/usr/bin/openssl"

    /// `openssl pkey -check` on `path`: true when OpenSSL calls the key valid.
    static func opensslAccepts(_ path: String) throws -> Bool {
        try CLI.tool(openssl, ["pkey", "-check", "-noout", "-in", path]).status == 0
    }

    /// Writes `text` to `name` in a new directory and returns its path.
    static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    static func refused(_ result: CLI.Result, _ file: String, _ what: String) -> Bool {
        let lines = result.stderr.split(separator: "\n").map(String.init)
        return result.status == 3 && lines.count == 2 && lines[0].hasPrefix("apnsctl: error: \(file): ")
            && lines[0].contains(what) && lines[1].hasPrefix("apnsctl: hint: ") && lines[1].contains("damaged")
    }

    @Test func aP8WithOneBitOfItsScalarFlippedIsRefusedByKeyImportAndNothingIsStored() throws {
        let directory = CLI.temporaryDirectory("damaged")
        let good = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), encoding: .utf8)
        let file = try Self.write(try DamagedKeys.flipPrivateBit(inPKCS8PEM: good), "AuthKey_ABC123DEFG.p8", in: directory)
        // The damage is real: OpenSSL parses the key but its pairwise check fails; the fixture passes it.
        #expect(try Self.opensslAccepts(KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8")))
        #expect(try !Self.opensslAccepts(file))
        #expect(try CLI.tool(Self.openssl, ["pkey", "-noout", "-in", file]).status == 0)

        let ks = try KeystoreCLI.fresh()
        let result = try KeystoreCLI.run(["key", "import", file, "--team", "DEF123GHIJ"], ks)
        #expect(Self.refused(result, file, "the EC P-256 private key does not match the public key stored with it"),
                "\(result.stderr)")
        #expect(result.stderr.contains("pairwise check"))
        #expect(result.stdout.isEmpty)
        #expect(try KeystoreCLI.states(ks).isEmpty)
        let stored = try FileManager.default.contentsOfDirectory(atPath: ks + "/keys")
        #expect(stored.isEmpty, "\(stored)")
        // The same from standard input.
        let piped = try KeystoreCLI.run(["key", "import", "-", "--team", "DEF123GHIJ", "--key-id", "ABC123DEFG"], ks,
                                        stdin: Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(Self.refused(piped, "standard input", "does not match"), "\(piped.stderr)")
        #expect(try KeystoreCLI.states(ks).isEmpty)
    }

    @Test func theOtherReadersRefuseTheDamagedP8Too() throws {
        let directory = CLI.temporaryDirectory("damaged")
        let good = try String(contentsOfFile: KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), encoding: .utf8)
        let file = try Self.write(try DamagedKeys.flipPrivateBit(inPKCS8PEM: good), "AuthKey_ABC123DEFG.p8", in: directory)
        for verb in [["cert", "inspect", file], ["cert", "inspect", file, "--format", "json"],
                     ["cert", "convert", file, "--to", "der", "--key-only", "--out", directory.appendingPathComponent("k.der").path]] {
            let result = try CLI.run(verb)
            #expect(Self.refused(result, file, "does not match the public key stored with it"), "\(verb): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("k.der").path))
        // token inspect --key reads the key through the keystore's .p8 reader: the same words and hint.
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ"], ks)
        let token = try KeystoreCLI.ok(["token", "--team", "DEF123GHIJ"], ks).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let inspect = try KeystoreCLI.run(["token", "inspect", token, "--key", file], ks)
        #expect(Self.refused(inspect, file, "the EC P-256 private key does not match the public key stored with it"),
                "\(inspect.stderr)")
    }

    @Test func anRSAKeyWithADamagedExponentIsRefusedInPEMAndP12AndCertImportStoresNothing() throws {
        let directory = CLI.temporaryDirectory("damaged")
        let certs = CLI.fixtures.appendingPathComponent("certs")
        let goodKey = try String(contentsOf: certs.appendingPathComponent("dev.key"), encoding: .utf8)
        let certificate = try String(contentsOf: certs.appendingPathComponent("dev.pem"), encoding: .utf8)
        let key = try Self.write(try DamagedKeys.flipPrivateBit(inPKCS8PEM: goodKey), "dev-damaged.key", in: directory)
        #expect(try !Self.opensslAccepts(key))
        let bundle = try Self.write(certificate + String(contentsOfFile: key, encoding: .utf8), "dev-damaged.pem", in: directory)
        // openssl pkcs12 -export compares only the public halves, so it packs the damaged key.
        let p12 = directory.appendingPathComponent("dev-damaged.p12").path
        let export = try CLI.tool(Self.openssl, ["pkcs12", "-export", "-inkey", key, "-in", certs.appendingPathComponent("dev.pem").path,
                                                 "-passout", "pass:secret", "-out", p12])
        try #require(export.status == 0)
        let ks = try KeystoreCLI.fresh()
        for (file, extra) in [(key, [String]()), (bundle, []), (p12, ["--password-env", "P12_PASSWORD"])] {
            for verb in [["cert", "inspect", file], ["cert", "verify", file], ["cert", "import", file, "--keystore", ks]] {
                let result = try CLI.run(verb + extra, environment: ["P12_PASSWORD": "secret"])
                #expect(Self.refused(result, file, "the RSA 2048 private key does not match its public modulus and exponent"),
                        "\(verb): \(result.stderr)")
            }
        }
        let stored = (try? FileManager.default.contentsOfDirectory(atPath: ks + "/certs")) ?? []
        #expect(stored.isEmpty, "\(stored)")
        let status = try KeystoreCLI.json(try KeystoreCLI.run(["keystore", "status", "--format", "json"], ks)) as? [String: Any]
        #expect((status?["certificates"] as? [Any])?.isEmpty == true)
    }

    @Test func certJoinRefusesARequestWhoseStoredKeyWasDamaged() throws {
        let directory = CLI.temporaryDirectory("damaged")
        let ks = try KeystoreCLI.fresh()
        let csr = directory.appendingPathComponent("push.csr").path
        try KeystoreCLI.ok(["cert", "request", "--out", csr, "--bundle-id", "com.example.app"], ks)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: ks + "/requests").first)
        let keyFile = ks + "/requests/" + name
        let damaged = try DamagedKeys.flipPrivateBit(inPKCS8PEM: String(contentsOfFile: keyFile, encoding: .utf8))
        // Overwritten in place (same length), so the file keeps its 0600 mode.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: keyFile))
        try handle.write(contentsOf: Data(damaged.utf8))
        try handle.close()
        #expect(try !Self.opensslAccepts(keyFile))
        let cer = try RequestCLI.sign(csr, in: directory)
        let result = try KeystoreCLI.run(["cert", "join", cer, "--ca", RequestCLI.ca], ks)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("apnsctl: error: ") && result.stderr.contains("requests/\(name) (the key of request "),
                "\(result.stderr)")
        #expect(result.stderr.contains("the RSA 2048 private key does not match its public modulus and exponent"))
        #expect(result.stderr.contains("apnsctl: hint: the keystore's request file was changed"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: ks + "/certs")) ?? []).isEmpty)
    }

    @Test func aGeneratedKeyPassesTheSameCheckOnTheWayBack() throws {
        let ks = try KeystoreCLI.fresh()
        try KeystoreCLI.ok(["key", "generate", "--team", "DEF123GHIJ", "--key-id", "GEN0000001"], ks)
        let stored = ks + "/keys/GEN0000001.p8"
        #expect(try Self.opensslAccepts(stored))
        #expect(try CLI.run(["cert", "inspect", stored]).status == 0)
        let token = try KeystoreCLI.run(["token", "--team", "DEF123GHIJ"], ks)
        #expect(token.status == 0, "\(token.stderr)")
    }
}
