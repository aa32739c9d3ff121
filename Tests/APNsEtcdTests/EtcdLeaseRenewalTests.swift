import APNsCore
import APNsEtcd
import Foundation
import Testing
import TestSupport

/// Renewing a lease at every member at once (an operation lock's lease), against a real cluster.
extension EtcdClusterTests {
    @Test func aRenewalAtEveryMemberReturnsWithTheFirstPastAFrozenFollowerAndARevokedLeaseIsExit5() async throws {
        try await withCluster { cluster in
            try await using(try cluster.client([0, 1, 2])) { client in
                let lease = try await client.grantLease(ttl: 5)
                // A frozen follower: the others forward the renewal to a leader that answers. (A frozen leader
                // stops every renewal until a new one is elected, which extends every lease anyway.)
                try cluster.moveLeader(to: 1)
                cluster.pauseMember(0)
                // The frozen member's request would wait the whole 120 s: the others' answer ends the renewal and
                // cancels it.
                let renewal = try await within(seconds: 60) { () async -> Result<EtcdLease, any Error> in
                    do {
                        return .success(try await client.keepAliveAtEveryMember(lease: lease.id, wait: .seconds(120)))
                    } catch {
                        return .failure(error)
                    }
                }
                cluster.resumeMember(0)
                let renewed = try #require(renewal, "the renewal waited on the frozen member").get()
                #expect(renewed.id == lease.id && renewed.ttl > 0)

                try await client.revokeLease(lease.id)
                let error = await apnsError { _ = try await client.keepAliveAtEveryMember(lease: lease.id, wait: .seconds(30)) }
                #expect(error?.status == .keystore, "\(String(describing: error))")
                #expect(error?.message.hasSuffix("has expired or was revoked") == true, "\(String(describing: error))")
            }
        }
    }
}
