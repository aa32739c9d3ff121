import APNsCore
import APNsCredentials
@testable import APNsOperations
import Foundation
import Testing
import TestSupport

/// `CertificateConversion` in process, on the repository's certificate fixtures: the plan, what each output holds,
/// file modes, and inputs that fail alone.
@Suite struct CertificateConversionTests {
    static let certs = TestPaths.fixtures.appendingPathComponent("certs")
    static func path(_ name: String) -> String { certs.appendingPathComponent(name).path }
    static func password(_ name: String) throws -> String {
        try String(contentsOfFile: path(name + ".password"), encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    static func listing(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func input(_ files: [String], _ destination: CertificateConversion.Destination,
                      _ options: CertificateConversion.Options, inputPassword: String? = nil,
                      outputPassword: String = "unused") -> CertificateConversion.Input {
        CertificateConversion.Input(
            files: files, destination: destination, options: options,
            reader: CredentialReader(password: inputPassword.map { password -> @Sendable () throws -> String in
                { password }
            }, passwordAtHand: inputPassword != nil),
            outputPassword: { outputPassword })
    }

    static func converted(_ outcomes: [CertificateConversion.Outcome]) throws -> [CertificateConversion.Converted] {
        try outcomes.map { try $0.result.get() }
    }

    @Test func p12ToPEMWritesAPrivateFileWithChainAndKey() async throws {
        let directory = TestPaths.temporaryDirectory("convert")
        let out = directory.appendingPathComponent("g4.pem").path
        let outcomes = try await CertificateConversion.run(Self.input(
            [Self.path("universal-g4-chain.p12")], .file(out), .init(target: .pem),
            inputPassword: try Self.password("universal-g4-chain.p12")))
        let result = try #require(try Self.converted(outcomes).first)
        #expect(result.certificates == 2 && result.privateKey && !result.keyEncrypted)
        #expect(outcomes.first?.warnings == [])
        #expect(Self.mode(out) == 0o600)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN CERTIFICATE").count == 3)
        #expect(text.contains("-----BEGIN PRIVATE KEY-----"))
    }

    @Test func noKeyKeyOnlyAndNoChain() async throws {
        let directory = TestPaths.temporaryDirectory("convert")
        let input = Self.path("universal-g4-chain.p12"), password = try Self.password("universal-g4-chain.p12")
        func convert(_ name: String, _ options: CertificateConversion.Options) async throws -> (String, CertificateConversion.Converted) {
            let out = directory.appendingPathComponent(name).path
            let outcomes = try await CertificateConversion.run(Self.input([input], .file(out), options, inputPassword: password))
            return (try String(contentsOfFile: out, encoding: .utf8), try #require(try Self.converted(outcomes).first))
        }
        let (certs, certsResult) = try await convert("certs.pem", .init(target: .pem, noKey: true))
        #expect(!certs.contains("PRIVATE KEY") && !certsResult.privateKey)
        #expect(Self.mode(directory.appendingPathComponent("certs.pem").path) == 0o644)
        let (key, keyResult) = try await convert("key.pem", .init(target: .pem, keyOnly: true))
        #expect(!key.contains("CERTIFICATE") && key.hasPrefix("-----BEGIN PRIVATE KEY-----") && keyResult.certificates == 0)
        #expect(Self.mode(directory.appendingPathComponent("key.pem").path) == 0o600)
        let (leaf, leafResult) = try await convert("leaf.pem", .init(target: .pem, chain: false))
        #expect(leaf.components(separatedBy: "BEGIN CERTIFICATE").count == 2 && leafResult.certificates == 1)
    }

    @Test func derAndPEMCertificatesConvertBothWays() async throws {
        let directory = TestPaths.temporaryDirectory("convert")
        let der = directory.appendingPathComponent("dev.cer").path
        _ = try Self.converted(try await CertificateConversion.run(Self.input([Self.path("dev.pem")], .file(der), .init(target: .der))))
        #expect(try Data(contentsOf: URL(fileURLWithPath: der)) == Data(contentsOf: Self.certs.appendingPathComponent("dev.cer")))
        let tooMany = try await CertificateConversion.run(Self.input(
            [Self.path("dev-bundle.pem")], .file(directory.appendingPathComponent("x.der").path), .init(target: .der)))
        #expect(throws: CertificateConversionError.self) { try tooMany.first?.result.get() }
        #expect(Self.listing(directory) == ["dev.cer"])
    }

    /// Output names up to NAME_MAX are written (the temporary file's name is no longer than the output's).
    @Test(arguments: [244, 255])
    func outputNamesUpToNameMaxAreWritten(length: Int) async throws {
        let directory = TestPaths.temporaryDirectory("longname")
        let name = String(repeating: "x", count: length - 4) + ".pem"
        let outcomes = try await CertificateConversion.run(Self.input(
            [Self.path("dev.cer")], .file(directory.appendingPathComponent(name).path), .init(target: .pem)))
        _ = try Self.converted(outcomes)
        #expect(Self.listing(directory) == [name])
    }

    @Test func p12ToPEMToP12ToPEMIsLossless() async throws {
        let directory = TestPaths.temporaryDirectory("convert")
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        _ = try Self.converted(try await CertificateConversion.run(Self.input(
            [Self.path("universal-g4-chain.p12")], .file(path("1.pem")), .init(target: .pem),
            inputPassword: try Self.password("universal-g4-chain.p12"))))
        _ = try Self.converted(try await CertificateConversion.run(Self.input(
            [path("1.pem")], .file(path("2.p12")), .init(target: .p12), outputPassword: "second-password")))
        #expect(Self.mode(path("2.p12")) == 0o600)
        _ = try Self.converted(try await CertificateConversion.run(Self.input(
            [path("2.p12")], .file(path("3.pem")), .init(target: .pem), inputPassword: "second-password")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("1.pem"))) == Data(contentsOf: URL(fileURLWithPath: path("3.pem"))))
    }

    @Test func aBatchConvertsIntoADirectoryAndFailuresStayAloneInInputOrder() async throws {
        let directory = TestPaths.temporaryDirectory("batch")
        let inputs = directory.appendingPathComponent("in"), outDir = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        var files = [String]()
        for index in 0..<12 {
            let file = inputs.appendingPathComponent(String(format: "cert%02d.p12", index))
            try FileManager.default.copyItem(at: Self.certs.appendingPathComponent("dev-legacy.p12"), to: file)
            files.append(file.path)
        }
        let broken = inputs.appendingPathComponent("broken.p12")
        try Data([0x30, 0x82, 0x05, 0x00, 0x02, 0x01, 0x03]).write(to: broken)
        files.insert(broken.path, at: 5)
        let outcomes = try await CertificateConversion.run(Self.input(
            files, .directory(outDir.path), .init(target: .pem), inputPassword: try Self.password("dev-legacy.p12")))
        #expect(outcomes.map(\.input) == files)
        #expect(throws: (any Error).self) { try outcomes[5].result.get() }
        let converted = outcomes.compactMap { try? $0.result.get() }
        #expect(converted.count == 12 && converted.allSatisfy { $0.privateKey && $0.certificates == 1 })
        #expect(Self.listing(outDir) == (0..<12).map { String(format: "cert%02d.pem", $0) })
        #expect(Self.mode(outDir.path) == 0o700)
        #expect(Self.mode(outDir.appendingPathComponent("cert07.pem").path) == 0o600)
    }

    @Test func inputsWithTheSameOutputAreRefusedBeforeWriting() async throws {
        let directory = TestPaths.temporaryDirectory("batch")
        let outDir = directory.appendingPathComponent("out")
        let input = Self.input([Self.path("dev.pem"), "elsewhere/dev.pem"], .directory(outDir.path),
                               .init(target: .der, noKey: true))
        await #expect(throws: CertificateConversionError.sameOutput(
            first: Self.path("dev.pem"), second: "elsewhere/dev.pem", output: outDir.path + "/dev.cer")) {
            try await CertificateConversion.run(input)
        }
        #expect(!FileManager.default.fileExists(atPath: outDir.path))
    }

    @Test func keyOnlyWithoutAKeyAndNothingLeftAreRefused() async throws {
        let directory = TestPaths.temporaryDirectory("convert")
        let keyOnly = try await CertificateConversion.run(Self.input(
            [Self.path("dev.pem")], .file(directory.appendingPathComponent("k.pem").path), .init(target: .pem, keyOnly: true)))
        #expect(throws: CertificateConversionError.noPrivateKey(input: Self.path("dev.pem"))) { try keyOnly.first?.result.get() }
        let nothing = try await CertificateConversion.run(Self.input(
            [Self.path("dev.key")], .file(directory.appendingPathComponent("n.pem").path), .init(target: .pem, noKey: true)))
        #expect(throws: CertificateConversionError.nothingLeft(input: Self.path("dev.key"))) { try nothing.first?.result.get() }
        #expect(Self.listing(directory).isEmpty)
    }

    @Test func outputPathsAreNamedAfterTheirInputs() {
        #expect(CertificateConversion.outputPath(for: "a/b/push.p12", in: "out", options: .init(target: .pem)) == "out/push.pem")
        #expect(CertificateConversion.outputPath(for: "push.p12", in: "out/", options: .init(target: .pem, keyOnly: true))
            == "out/push.key")
        #expect(CertificateConversion.outputPath(for: "push.pem", in: "d", options: .init(target: .der)) == "d/push.cer")
        #expect(CertificateConversion.outputPath(for: "push.pem", in: "d", options: .init(target: .p12)) == "d/push.p12")
    }
}
