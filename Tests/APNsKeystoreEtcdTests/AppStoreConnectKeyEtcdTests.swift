import APNsCore
import APNsKeystore
@testable import APNsKeystoreEtcd
import Foundation
import Testing
import TestSupport

/// App Store Connect keys in a fleet keystore: stored by the same change as APNs keys, so sealed under the
/// key-encryption key (etcd never holds the key in clear), and their tokens shared by every host, sealed too.
@Suite(.enabled(if: EtcdCluster.isInstalled), .serialized) struct AppStoreConnectKeyEtcdTests {
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"

    @Test func theKeyIsSealedInEtcdAndEveryHostSharesOneToken() async throws {
        let pem = TestPaths.temporaryDirectory("asc-etcd").appendingPathComponent("AuthKey_ASC0000001.p8").path
        let made = try ExternalProcess.run("/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt",
                                                                "ec_paramgen_curve:P-256", "-out", pem])
        try #require(made.status == 0, "\(made.stderr)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: pem)))
        let material = try SigningKeyMaterial.parse(bytes, file: pem)
        try await FleetKeystore.with { fleet in
            let host = try fleet.keystore()
            let added = try host.addAppStoreConnectKey(material, keyID: "ASC0000001", issuerID: Self.issuer)
            #expect(added.key.kind.rawValue == "app_store_connect_team")

            let storage = try fleet.storage()
            let stored = try #require(try storage.get(storage.objectKey("keys/ASC0000001.p8"))).value
            let pemBody = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }
            let storedText = String(decoding: stored, as: UTF8.self)
            #expect(!storedText.contains("PRIVATE KEY") && !pemBody.contains { storedText.contains($0) })
            let der = Array(material.privateKey.rawRepresentation)
            #expect(Data(stored).range(of: Data(der)) == nil, "the private scalar is not in it")
            #expect(try storage.readObject("keys/ASC0000001.p8", limit: 1 << 20).count > 0, "it opens with the KEK")

            // Another host reads the key, signs nothing new: it takes the first host's token from etcd.
            let first = try host.appStoreConnectToken(keyID: nil)
            let other = try fleet.keystore()
            let second = try other.appStoreConnectToken(keyID: "ASC0000001")
            #expect(!first.cached && second.cached && second.token == first.token)
            let record = try #require(try storage.get(storage.appStoreConnectTokensKey)).value
            #expect(Data(record).range(of: Data(first.token.compact.utf8)) == nil, "the token is sealed too")

            // Revoked on one host: no host signs with it again, and its tombstone is in the shared manifest.
            try other.revokeAnyKind("ASC0000001")
            #expect(throws: (any Error).self) { _ = try host.appStoreConnectToken(keyID: nil) }
            try host.purgeAnyKind("ASC0000001")
            #expect(try storage.get(storage.objectKey("keys/ASC0000001.p8")) == nil)
            #expect(try other.manifest().revokedKeys.map(\.keyID) == ["ASC0000001"])
        }
    }
}
