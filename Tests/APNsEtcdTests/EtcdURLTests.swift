import APNsCore
import APNsEtcd
import Foundation
import Testing
import TestSupport

@Suite struct EtcdURLTests {
    @Test func oneMemberAndAPrefix() throws {
        let url = try EtcdURL(parsing: "etcd://127.0.0.1:2379/apnsctl")
        #expect(url.endpoints == [EtcdEndpoint(host: "127.0.0.1", port: 2379)])
        #expect(url.prefix == "/apnsctl")
        #expect(url.key("tokens", "TEAM") == "/apnsctl/tokens/TEAM")
        #expect(url.description == "etcd://127.0.0.1:2379/apnsctl")
    }

    @Test func severalMembersIPv6AndDefaultPort() throws {
        let url = try EtcdURL(parsing: "etcd://10.0.0.1:2379,[::1]:23790,etcd-2.example.internal/fleet/prod")
        #expect(url.endpoints == [EtcdEndpoint(host: "10.0.0.1", port: 2379), EtcdEndpoint(host: "::1", port: 23790),
                                  EtcdEndpoint(host: "etcd-2.example.internal", port: EtcdURL.defaultPort)])
        #expect(url.prefix == "/fleet/prod")
        #expect(url.endpoints[1].description == "[::1]:23790")
        #expect(url.endpoints[1].baseURL(tls: true) == "https://[::1]:23790")
        #expect(url.description == "etcd://10.0.0.1:2379,[::1]:23790,etcd-2.example.internal:2379/fleet/prod")
    }

    @Test(arguments: [
        ("/tmp/keystore", "not an etcd:// address"),
        ("etcd://127.0.0.1:2379", "the key prefix is missing"),
        ("etcd://127.0.0.1:2379/", "the key prefix is empty"),
        ("etcd://127.0.0.1:2379/apnsctl/", "ends with a slash"),
        ("etcd://127.0.0.1:2379/a//b", "empty segment"),
        ("etcd:///apnsctl", "no etcd member"),
        ("etcd://127.0.0.1:2379,/apnsctl", "an empty member"),
        ("etcd://127.0.0.1:0/apnsctl", "port 0 is not 1-65535"),
        ("etcd://127.0.0.1:99999/apnsctl", "port 99999 is not 1-65535"),
        ("etcd://127.0.0.1:/apnsctl", "port is empty"),
        ("etcd://::1:2379/apnsctl", "IPv6 address must be written in brackets"),
        ("etcd://[::1:2379/apnsctl", "unclosed ["),
        ("etcd://[::1]x/apnsctl", "expected :PORT after ]"),
        ("etcd://root:secret@127.0.0.1:2379/apnsctl", "no user or password in the address"),
        ("etcd://127.0.0.1:2379/apnsctl?x=1", "a query or fragment is not allowed"),
        ("etcd://a_b:2379/apnsctl", "a_b is not a host name"),
        ("etcd://h:1,h:1/apnsctl", "listed twice"),
    ])
    func malformedAddressesAreUsageErrorsSayingWhy(text: String, why: String) {
        do {
            let url = try EtcdURL(parsing: text)
            Issue.record("\(text) parsed as \(url)")
        } catch let error as APNsError {
            #expect(error.status == .usage)
            #expect(error.message.hasPrefix("keystore address \(text): "), "\(error.message)")
            #expect(error.message.contains(why), "\(error.message)")
            #expect(error.hint.contains("etcd://HOST:PORT[,HOST:PORT…]/PREFIX"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func onlyEtcdSchemesAreEtcdKeystores() {
        #expect(EtcdURL.isEtcd("etcd://h:1/p"))
        #expect(EtcdURL.isEtcd("ETCD://h:1/p"))
        #expect(!EtcdURL.isEtcd("/var/lib/apnsctl"))
        #expect(!EtcdURL.isEtcd("etcd-keystore"))
    }

    @Test func credentialsTakeThePasswordFromAFileOrTheEnvironmentAndNeverShowIt() throws {
        let directory = TestPaths.temporaryDirectory("etcd-credentials")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("etcd-password").path
        try "s3cret from a file\n".write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let fromFile = try EtcdCredentials(user: "ops", passwordFrom: .file(file))
        #expect(fromFile == EtcdCredentials(user: "ops", password: "s3cret from a file"))
        #expect(fromFile.description == "etcd user ops")
        #expect(throws: APNsError.self) { try EtcdCredentials(user: "ops", passwordFrom: .environment("APNSCTL_TEST_UNSET_\(UUID().uuidString.prefix(6))")) }
        #expect(throws: APNsError.usage("the etcd user is empty", hint: "name the etcd user whose password you pass")) {
            try EtcdCredentials(user: "", passwordFrom: .file(file))
        }
    }
}
