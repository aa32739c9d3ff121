import APNsCredentials
import Foundation
import Testing

@Suite struct APNsCertificateTests {
    @Test func readsTheAppleFactsOfAUniversalG4Certificate() throws {
        let cert = try Fixtures.certificate("universal-g4.pem")
        #expect(cert.commonName == "Apple Push Services: com.example.g4")
        #expect(cert.bundleID == "com.example.g4")
        #expect(cert.teamID == "TEAM123456")
        #expect(cert.organization == "Example Ltd")
        #expect(cert.country == "US")
        #expect(cert.environments == [.development, .production])
        #expect(cert.environmentSummary == "universal")
        #expect(cert.topics == [
            APNsTopic(topic: "com.example.g4", labels: ["topic"]),
            APNsTopic(topic: "com.example.g4.voip", labels: ["voip"]),
            APNsTopic(topic: "com.example.g4.complication", labels: ["complication"]),
            APNsTopic(topic: "com.example.g4.voip-ptt", labels: [".voip-ptt"]),
        ])
        #expect(cert.topicsError == nil)
        #expect(cert.allowedTopics.count == 4)
        #expect(cert.hasClientAuthUsage)
        #expect(cert.publicKeyType == "RSA" && cert.publicKeyBits == 2048)
        #expect(cert.publicKeyDescription == "RSA 2048")
        #expect(cert.signatureAlgorithm == "sha256WithRSAEncryption")
        #expect(cert.issuerCommonName == "apnsctl Test WWDR CA")
        #expect(cert.subject.hasSuffix(",CN=Apple Push Services: com.example.g4,UID=com.example.g4"), "RFC 4514")
        #expect(cert.sha256Fingerprint.count == 64 && cert.sha1Fingerprint.count == 40)
    }

    @Test func singleEnvironmentCertificatesFallBackToTheUIDTopic() throws {
        let dev = try Fixtures.certificate("dev.pem")
        #expect(dev.environments == [.development])
        #expect(dev.environmentSummary == "development")
        #expect(dev.topics.isEmpty)
        #expect(dev.allowedTopics == ["com.example.dev"])
        let prod = try Fixtures.certificate("prod.pem")
        #expect(prod.environmentSummary == "production")
        let plain = try Fixtures.certificate("no-apns.pem")
        #expect(plain.environmentSummary == "none")
        #expect(plain.allowedTopics.isEmpty)
    }

    @Test func aMalformedTopicsExtensionIsReportedAndTheRestStillRead() throws {
        let cert = try Fixtures.certificate("malformed-topics.pem")
        #expect(cert.topics.isEmpty)
        #expect(cert.topicsError?.contains("1.2.840.113635.100.6.3.6") == true)
        #expect(cert.bundleID == "com.example.bad")
        #expect(cert.environmentSummary == "universal")
    }

    @Test func daysLeftIsNegativeOnceExpired() throws {
        let cert = try Fixtures.certificate("expired.pem")
        let end = cert.notAfter
        #expect(cert.daysLeft(at: end.addingTimeInterval(-86_400 * 10 - 1)) == 10)
        // Rounded down, so thresholds compare the exact time: 9.99 days is 9, an hour past the end is -1.
        #expect(cert.daysLeft(at: end.addingTimeInterval(-86_400 * 9.99)) == 9)
        #expect(cert.daysLeft(at: end.addingTimeInterval(3600)) == -1)
        #expect(cert.daysLeft(at: end.addingTimeInterval(86_400)) == -1)
        #expect(!cert.isValid(at: end.addingTimeInterval(1)))
        #expect(!cert.isValid(at: Date()))
    }

    @Test func pemEncodingRoundTripsTheDER() throws {
        let cert = try Fixtures.certificate("dev.pem")
        #expect(cert.pemEncoded == String(decoding: try Fixtures.bytes("dev.pem"), as: UTF8.self))
        #expect(try Fixtures.bytes("dev.cer") == cert.derEncoded)
    }

    @Test func rejectsBytesThatAreNotACertificate() {
        #expect(throws: CertificateDecodingError.self) { try APNsCertificate(derEncoded: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        #expect(throws: CertificateDecodingError.self) { try APNsCertificate(derEncoded: []) }
    }

    @Test func decodesTopicsAsDERNotByPattern() throws {
        // SEQUENCE { "com.x", SEQUENCE { "app", "extra" }, "com.x.voip" } — a bare topic keeps no labels.
        let value: [UInt8] = [0x30, 0x1F, 0x0C, 0x05] + Array("com.x".utf8) + [0x30, 0x0A, 0x0C, 0x03] + Array("app".utf8)
            + [0x0C, 0x03] + Array("new".utf8) + [0x0C, 0x0A] + Array("com.x.voip".utf8)
        let topics = try APNsTopic.decodeExtension(value[...])
        #expect(topics == [APNsTopic(topic: "com.x", labels: ["app", "new"]), APNsTopic(topic: "com.x.voip", labels: [])])
        #expect(throws: TopicsDecodingError.self) { try APNsTopic.decodeExtension([0x30, 0x03, 0x02, 0x01, 0x05][...]) }
        #expect(throws: TopicsDecodingError.self) { try APNsTopic.decodeExtension([0x30, 0x05, 0x0C, 0x09][...]) }
    }
}

/// The real, expired Apple certificates in ../shared/samples and the facts expected.json gives for each.
@Suite(.enabled(if: Fixtures.samplesPresent, "../shared/samples/apple-certs is absent: real-sample test skipped"))
struct AppleSampleTests {
    struct Expected: Decodable, Equatable {
        var bundle_id: String
        var common_name: String
        var environments: [String]
        var not_after: String
        var sha256: String
        var team_id: String
        var topics: [APNsTopic]
    }

    @Test func everySampleYieldsExactlyTheExpectedFacts() throws {
        let folder = Fixtures.samples.appendingPathComponent("apple-certs")
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let expected = try JSONDecoder().decode([String: Expected].self, from: data)
        #expect(expected.count >= 10)
        let formatter = ISO8601DateFormatter()
        for (name, facts) in expected.sorted(by: { $0.key < $1.key }) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let key = try? PrivateKey(pemEncoded: text)
            #expect(key == nil, "\(name) must hold no private key")
            let body = text.components(separatedBy: "-----BEGIN CERTIFICATE-----")[1]
                .components(separatedBy: "-----END CERTIFICATE-----")[0].filter { !$0.isWhitespace }
            let cert = try APNsCertificate(derEncoded: [UInt8](Data(base64Encoded: body) ?? Data()))
            let actual = Expected(bundle_id: cert.bundleID ?? "", common_name: cert.commonName ?? "",
                                  environments: cert.environments.map(\.rawValue),
                                  not_after: formatter.string(from: cert.notAfter), sha256: cert.sha256Fingerprint,
                                  team_id: cert.teamID ?? "", topics: cert.topics)
            #expect(actual == facts, "\(name)")
            #expect(cert.topicsError == nil, "\(name)")
        }
    }
}
