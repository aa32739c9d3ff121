import Foundation
import TestSupport

/// A keystore holding an App Store Connect team key (and an APNs key, so app check has a credential), and a
/// running `apnsctl mock asc` that trusts the key, seeded with one App ID (`com.example.app`), one development
/// certificate, one device and one development profile "Example Dev".
final class ProfileASCWorld: @unchecked Sendable {
    static let bundleID = "com.example.app"
    static let keyID = "ASCKEY1234"
    static let issuer = "69a6de7e-1234-47e3-e053-5b8c7c11a4d1"

    let directory: URL
    let keystore: String
    let caFile: String
    let mock: MockServeProcess
    let port: Int

    /// `push`: the App ID has Push Notifications; `profileAPS`: the profile's aps-environment (nil: made before
    /// the capability was enabled: the classic case).
    init(push: Bool = true, profileAPS: String? = nil) throws {
        directory = CLI.temporaryDirectory("profile-asc-cli")
        keystore = directory.appendingPathComponent("keystore").path
        caFile = directory.appendingPathComponent("asc-ca.pem").path
        let p8 = directory.appendingPathComponent("AuthKey_\(Self.keyID).p8").path
        let publicKey = directory.appendingPathComponent("asc-public.pem").path
        let openssl = ExternalProcess.find("openssl") ?? "/usr/bin/openssl"
        _ = try CLI.tool(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", p8])
        _ = try CLI.tool(openssl, ["pkey", "-in", p8, "-pubout", "-out", publicKey])
        for arguments in [["keystore", "init", keystore],
                          ["asc", "key", "import", p8, "--issuer", Self.issuer, "--keystore", keystore],
                          ["key", "import", KeystoreCLI.fixture("AuthKey_ABC123DEFG.p8"), "--team", "DEF123GHIJ",
                           "--keystore", keystore]] {
            let result = try CLI.run(arguments)
            guard result.status == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey:
                    "apnsctl \(arguments.joined(separator: " ")): \(result.stderr)"])
            }
        }
        let state = directory.appendingPathComponent("asc-state.json").path
        // The mock's CA is valid from an hour before it starts; a profile's chain is judged as of its creation.
        let created = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-1800))
        let capabilities = push ? #"[{"capabilityType": "PUSH_NOTIFICATIONS"}]"# : "[]"
        let aps = profileAPS.map { "\"\($0)\"" } ?? "null"
        try Data("""
        {"teamID": "MOCKTEAM01",
         "bundleIds": [{"id": "B1", "identifier": "\(Self.bundleID)", "name": "Example", "platform": "IOS",
                        "seedId": "MOCKTEAM01", "capabilities": \(capabilities)}],
         "certificates": [{"id": "C1", "name": "Dev", "certificateType": "IOS_DEVELOPMENT"}],
         "devices": [{"id": "D1", "name": "Phone", "udid": "00008030-001A2B3C4D5E6F70", "platform": "IOS",
                      "status": "ENABLED"}],
         "profiles": [{"id": "P1", "name": "Example Dev", "profileType": "IOS_APP_DEVELOPMENT",
                       "profileState": "ACTIVE", "createdDate": "\(created)", "expirationDate": "2030-01-05T10:00:00Z",
                       "bundleIdId": "B1", "certificateIds": ["C1"], "deviceIds": ["D1"], "apsEnvironment": \(aps)}]}
        """.utf8).write(to: URL(fileURLWithPath: state))
        mock = try MockServeProcess(["mock", "asc", "--port", "0", "--ca-out", caFile, "--state", state,
                                     "--trust-asc-key", "\(Self.keyID)=\(publicKey),issuer=\(Self.issuer)"])
        port = try mock.port()
        mock.keepReading()
    }

    /// The options every verb here takes: the keystore, the mock's URL and CA, and the CA its profiles chain to.
    var options: [String] {
        ["--keystore", keystore, "--asc-url", "https://127.0.0.1:\(port)", "--cacert", caFile, "--ca", caFile]
    }

    func run(_ arguments: [String], in directory: URL? = nil) throws -> CLI.Result {
        try CLI.run(arguments + options, in: directory)
    }

    func json(_ result: CLI.Result) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any] ?? [:]
    }

    /// The files in `path` (none when it does not exist).
    static func files(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The first backquoted command of `text` that starts with `apnsctl `.
    static func step(in text: String) -> String? {
        text.components(separatedBy: "`").first { $0.hasPrefix("apnsctl ") }
    }

    /// Runs `command` as printed, with a POSIX shell, the apnsctl under test first on PATH, in `directory`.
    static func runAsPrinted(_ command: String, in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let path = CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ExternalProcess.run("/bin/sh", ["-c", command], in: directory,
                                             environment: ["PATH": path, "NO_COLOR": "1", "APNSCTL_KEYSTORE": nil],
                                             timeout: 120)
        return (result.status, result.stdout, result.stderr)
    }

    deinit { mock.kill() }
}
