import APNsCore
import APNsKeystore
@testable import APNsKeystoreEtcd
import Foundation
import Testing
import TestSupport

/// An etcd keystore's objects are read through the keystore, never as files: it offers no files, names its
/// objects by URL, and hands out a stored certificate's bytes.
@Suite(.enabled(if: EtcdCluster.isInstalled), .serialized) struct EtcdObjectTests {
    @Test func aStoredCertificateIsReadThroughTheKeystoreAndNamedByURL() async throws {
        try await FleetKeystore.with { fleet in
            let store = try fleet.keystore()
            let result = try store.addCertificate(CertificateImport(
                certificateDER: [0x30, 0x03, 0x02, 0x01, 0x01], chainDER: [], privateKeyPEM: "KEY\n",
                subject: "CN=Apple Push Services: com.example.app", topics: ["com.example.app"],
                environments: ["development", "production"], teamID: FleetKeystore.team,
                notAfter: Date().addingTimeInterval(86_400), sha256: String(repeating: "ab", count: 32)))

            #expect(store.layout == nil, "etcd keeps no files")
            #expect(store.certificateFiles(of: result.certificate) == nil)
            #expect(String(decoding: try store.certificatePEM(of: result.certificate), as: UTF8.self)
                    == "-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n")
            #expect(store.objectLocation(result.certificate.certificateFile)
                    == "etcd://\(fleet.cluster.endpoints)/fleet/objects/\(result.certificate.certificateFile)")
            // Sealed in etcd: the stored bytes are not the PEM.
            let storage = try fleet.storage()
            let sealed = try #require(try storage.get(storage.objectKey(result.certificate.certificateFile)))
            #expect(!String(decoding: sealed.value, as: UTF8.self).contains("BEGIN CERTIFICATE"))
        }
    }
}
