import Foundation
import Testing
import TestSupport

/// A local App Store Connect (`apnsctl mock asc`) seeded with one App ID (`com.example.app`, without Push
/// Notifications unless asked), one certificate and one development profile made before push (no
/// aps-environment), and a keystore holding the App Store Connect key the mock trusts: what the CLI tests of
/// `app push status|enable` and `profile list` run against.
final class ASCCommandLine {
    static let bundleID = "com.example.app"
    static let profileName = "Example Dev"
    static let keyID = "ASCKEY1234"
    static let issuer = "69a6de7e-1234-47e3-e053-5b8c7c11a4d1"

    let directory: URL
    let keystore: String
    let caFile: String
    let mock: MockServeProcess
    let port: Int

    /// `faults`: `--fault` values for the mock (docs/mock.md); `individual`: the keystore's key is an individual
    /// key (and the mock trusts it as one).
    init(push: Bool = false, individual: Bool = false, faults: [String] = []) throws {
        directory = CLI.temporaryDirectory("asc-cli")
        keystore = directory.appendingPathComponent("ks").path
        caFile = directory.appendingPathComponent("ca.pem").path
        let openssl = ExternalProcess.find("openssl") ?? "/usr/bin/openssl"
        let p8 = directory.appendingPathComponent("AuthKey_\(Self.keyID).p8").path
        let publicKey = directory.appendingPathComponent("asc-public.pem").path
        #expect(try CLI.tool(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                                       "-out", p8]).status == 0)
        #expect(try CLI.tool(openssl, ["pkey", "-in", p8, "-pubout", "-out", publicKey]).status == 0)
        #expect(try CLI.run(["keystore", "init", keystore]).status == 0)
        let kind = individual ? ["--individual"] : ["--issuer", Self.issuer]
        let imported = try CLI.run(["asc", "key", "import", p8, "--keystore", keystore] + kind)
        #expect(imported.status == 0, "\(imported.stderr)")

        let created = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-1800))
        let capabilities = push ? #"[{"capabilityType": "PUSH_NOTIFICATIONS"}]"# : "[]"
        let state = directory.appendingPathComponent("state.json")
        try Data("""
        {"teamID": "MOCKTEAM01",
         "bundleIds": [{"id": "B1", "identifier": "\(Self.bundleID)", "name": "Example", "platform": "IOS",
                        "seedId": "MOCKTEAM01", "capabilities": \(capabilities)},
                       {"id": "B2", "identifier": "com.example.other", "name": "Other", "platform": "IOS",
                        "seedId": "MOCKTEAM01", "capabilities": []}],
         "certificates": [{"id": "C1", "name": "Dev", "certificateType": "IOS_DEVELOPMENT"}],
         "devices": [{"id": "D1", "name": "Phone", "udid": "00008030-001A2B3C4D5E6F70", "platform": "IOS",
                      "status": "ENABLED"}],
         "profiles": [{"id": "P1", "name": "\(Self.profileName)", "profileType": "IOS_APP_DEVELOPMENT",
                       "profileState": "ACTIVE", "createdDate": "\(created)", "expirationDate": "2030-01-05T10:00:00Z",
                       "bundleIdId": "B1", "certificateIds": ["C1"], "deviceIds": ["D1"], "apsEnvironment": null},
                      {"id": "P2", "name": "Other Store", "profileType": "IOS_APP_STORE",
                       "profileState": "ACTIVE", "createdDate": "\(created)", "expirationDate": "2030-01-05T10:00:00Z",
                       "bundleIdId": "B2", "certificateIds": ["C1"], "deviceIds": [], "apsEnvironment": "production"}]}
        """.utf8).write(to: state)
        let trust = "\(Self.keyID)=\(publicKey)," + (individual ? "individual" : "issuer=\(Self.issuer)")
        mock = try MockServeProcess(["mock", "asc", "--port", "0", "--ca-out", caFile, "--state", state.path,
                                     "--trust-asc-key", trust] + faults.flatMap { ["--fault", $0] })
        port = try mock.port()
        mock.keepReading()
    }

    deinit { mock.kill() }

    var url: String { "https://127.0.0.1:\(port)" }

    /// The options every ASC verb of the tests takes: the keystore, the mock's URL and CA.
    var options: [String] { ["--keystore", keystore, "--asc-url", url, "--cacert", caFile] }

    /// `apnsctl WORDS… OPTIONS…`.
    func run(_ words: [String]) throws -> CLI.Result { try CLI.run(words + options) }

    /// The JSON object or array a run printed.
    static func json(_ result: CLI.Result) -> Any? { try? JSONSerialization.jsonObject(with: result.stdoutData) }
}
