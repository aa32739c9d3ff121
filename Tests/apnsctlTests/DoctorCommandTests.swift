import Foundation
import Testing

@Suite struct DoctorCommandTests {
    @Test func jsonListsEveryMachineCheckAndTheExitCodeFollowsFailures() throws {
        let result = try CLI.run(["doctor", "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any],
                                  "stdout: \(result.stdout) stderr: \(result.stderr)")
        let checks = try #require(object["checks"] as? [[String: Any]])
        let names = checks.compactMap { $0["name"] as? String }
        for name in ["openssl", "libcurl", "ca-bundle", "dns api.sandbox.push.apple.com", "dns api.push.apple.com"] {
            #expect(names.contains(name), "doctor lacks \(name)")
        }
        for check in checks {
            #expect(["pass", "warn", "fail"].contains(check["status"] as? String ?? ""))
            #expect(check["detail"] is String && check["hint"] is String)
        }
        let failed = checks.filter { $0["status"] as? String == "fail" }.count
        #expect(object["failed"] as? Int == failed)
        #expect(result.status == (failed > 0 ? 1 : 0))
        #expect(object["exit_code"] as? Int == Int(result.status))
        // This machine has OpenSSL 3 and a libcurl with HTTP/2: those checks pass here.
        let openssl = checks.first { $0["name"] as? String == "openssl" }
        #expect((openssl?["detail"] as? String)?.hasPrefix("OpenSSL 3.") == true)
        let curl = checks.first { $0["name"] as? String == "libcurl" }
        #expect(curl?["status"] as? String == "pass")
    }

    @Test func textHasAMarkPerCheckAndASummary() throws {
        let result = try CLI.run(["doctor"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("✔ libcurl: libcurl ") && $0.contains("HTTP/2 supported") })
        #expect(lines.contains { $0.hasPrefix("✔ openssl: OpenSSL 3.") || $0.hasPrefix("⚠ openssl: OpenSSL 3.") })
        #expect(lines.last?.contains("checks: ") == true)
    }

    @Test func negativeMinDaysIsAUsageError() throws {
        let result = try CLI.run(["doctor", "--min-days", "-1"])
        #expect(result.status == 2)
    }
}
