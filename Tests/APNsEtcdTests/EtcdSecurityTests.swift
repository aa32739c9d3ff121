import APNsCore
import APNsEtcd
import Foundation
import Testing
import TestSupport

extension EtcdClusterTests {
    @Test func anUntrustedServerCertificateIsAClearErrorAndTheRightCAWorks() async throws {
        try await withCluster(tls: true) { cluster in
            let caFile = try #require(cluster.caFile)
            // The system's roots do not know the test CA.
            try await using(try cluster.client(tls: EtcdTLS())) { client in
                let error = await apnsError { try await client.put("/t/k", "v") }
                #expect(error?.status == .unreachable)
                #expect(error?.message.hasPrefix("etcd \(cluster.members[0].endpoint): TLS: ") == true, "\(String(describing: error))")
                #expect(error?.message.contains("not trusted") == true, "\(String(describing: error))")
                #expect(error?.remedy as? EtcdRemedy == .trustServerCA)
            }
            try await using(try cluster.client(tls: EtcdTLS(caFile: caFile))) { client in
                try await client.put("/t/k", "over TLS")
                #expect(try await client.get("/t/k")?.string == "over TLS")
            }
        }
        let missing = "/nonexistent/ca.pem"
        #expect(throws: APNsError.badInput("\(missing): not a readable PEM certificate (the etcd CA)",
                                           remedy: EtcdRemedy.giveServerCA)) {
            _ = try EtcdClient(configuration: EtcdConfiguration(endpoints: [EtcdEndpoint(host: "127.0.0.1", port: 2379)],
                                                                tls: EtcdTLS(caFile: missing)))
        }
    }

    @Test func aWrongPasswordOrNoUserIsAClearErrorAndRootWorks() async throws {
        try await withCluster(auth: true) { cluster in
            let wrong = EtcdCredentials(user: "root", password: "not the password")
            try await using(try cluster.client(credentials: wrong)) { client in
                let error = await apnsError { _ = try await client.get("/t/k") }
                #expect(error?.status == .badInput)
                #expect(error?.message == "etcd \(cluster.members[0].endpoint): authentication failed: wrong user or password (user root)")
                #expect(error?.hint.contains("password file") == true)
                #expect(error?.description.contains("not the password") == false)
            }
            try await using(try cluster.client()) { client in
                let error = await apnsError { _ = try await client.get("/t/k") }
                #expect(error?.status == .badInput)
                #expect(error?.message.contains("requires a user and none was given") == true, "\(String(describing: error))")
            }
            try await using(try cluster.client(credentials: cluster.rootCredentials)) { client in
                try await client.put("/t/k", "root wrote")
                #expect(try await client.get("/t/k")?.string == "root wrote")
                // Tokens are dropped when auth is switched off and on; the client authenticates again once.
                try cluster.etcdctlChecked(["auth", "disable"])
                try cluster.etcdctlChecked(["auth", "enable"], asRoot: false)
                #expect(try await client.get("/t/k")?.string == "root wrote")
                // The token (or a new one) serves at the next member when the first one dies.
                cluster.killMember(0)
                try await client.put("/t/k", "root wrote again")
                #expect(try await client.get("/t/k")?.string == "root wrote again")
                #expect(client.currentEndpoint.port != cluster.members[0].clientPort)
            }
        }
    }

    @Test func aRoleAllowedOnlyTheTokensCannotReadTheKeys() async throws {
        try await withCluster(auth: true) { cluster in
            try cluster.etcdctlChecked(["role", "add", "sender"])
            try cluster.etcdctlChecked(["role", "grant-permission", "sender", "--prefix=true", "read", "/apnsctl/tokens/"])
            try cluster.etcdctlChecked(["user", "add", "sender:sender-password"])
            try cluster.etcdctlChecked(["user", "grant-role", "sender", "sender"])
            try await using(try cluster.client(credentials: cluster.rootCredentials)) { root in
                try await root.put("/apnsctl/keys/ABC123DEFG", "sealed key")
                try await root.put("/apnsctl/tokens/TEAM-production", "eyJ.token")
            }
            try await using(try cluster.client(credentials: EtcdCredentials(user: "sender", password: "sender-password"))) { sender in
                let tokens = try await sender.range("/apnsctl/tokens/", prefix: true)
                #expect(tokens.keyValues.map(\.string) == ["eyJ.token"])

                for read in [{ _ = try await sender.range("/apnsctl/keys/", prefix: true) },
                             { _ = try await sender.get("/apnsctl/keys/ABC123DEFG") },
                             { try await sender.put("/apnsctl/tokens/TEAM-production", "forged") }] as [() async throws -> Void] {
                    let error = await apnsError(read)
                    #expect(error?.status == .keystore)
                    #expect(error?.message == "etcd \(cluster.members[0].endpoint): permission denied for etcd user sender",
                            "\(String(describing: error))")
                }
                let watch = EventCollector(sender.watch(prefix: "/apnsctl/keys/"))
                _ = try await watch.wait(for: 1)
                #expect(watch.events.isEmpty)
                #expect(watch.error?.contains("permission denied") == true, "\(watch.error ?? "no error")")
            }
        }
    }
}
