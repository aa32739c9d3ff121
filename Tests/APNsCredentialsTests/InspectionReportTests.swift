import APNsCredentials
import Foundation
import Testing

@Suite struct InspectionReportTests {
    func encode(_ report: InspectionReport) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(report)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func jsonUsesTheDocumentedSnakeCaseFieldsAndNulls() throws {
        let bundle = try CredentialReader().read(path: Fixtures.path("wrong-key-pair.pem"))
        let object = try encode(InspectionReport(file: "w.pem", bundle: bundle, now: Date()))
        #expect(Set(object.keys) == ["kind", "file", "format", "friendly_name", "certificates", "private_key", "private_keys",
                                     "key_choice", "key_ambiguity", "warnings"])
        #expect(object["kind"] as? String == "credential")
        #expect(object["friendly_name"] is NSNull)
        #expect(object["key_choice"] is NSNull)
        #expect(object["key_ambiguity"] is NSNull)
        #expect(object["warnings"] as? [String] == [])
        let keys = try #require(object["private_keys"] as? [[String: Any]])
        #expect(keys.count == 1)
        #expect(keys.first?["encoding"] as? String == "pkcs8")
        #expect(keys.first?["matches"] is NSNull)
        let key = try #require(object["private_key"] as? [String: Any])
        #expect(key["matches_certificate"] as? Bool == false)
        #expect(key["encoding"] as? String == "pkcs8")
        let cert = try #require((object["certificates"] as? [[String: Any]])?.first)
        #expect(Set(cert.keys) == ["role", "subject", "common_name", "bundle_id", "team_id", "organization", "country", "purpose",
                                   "issuer", "issuer_common_name", "serial", "not_before", "not_after", "days_left",
                                   "sha1", "sha256", "public_key", "public_key_type", "public_key_bits",
                                   "signature_algorithm", "client_auth", "environments", "environment", "topics",
                                   "topic_labels", "topics_error"])
        #expect(cert["topics"] as? [String] != nil, "topics are strings, as in cert import and keystore status")
        #expect((cert["topic_labels"] as? [[String: Any]])?.first?["labels"] as? [String] == ["app"])
    }

    @Test func textNamesEveryFactAndTheKeyMismatch() throws {
        let bundle = try CredentialReader().read(path: Fixtures.path("wrong-key-pair.pem"))
        let text = InspectionReport(file: "w.pem", bundle: bundle, now: Date()).text
        #expect(text.hasPrefix("w.pem (PEM)\n  certificate 1 (leaf)\n"))
        #expect(text.contains("    topics:       com.example.universal [app]\n"))
        #expect(text.contains("                  com.example.universal.voip [voip]\n"))
        #expect(text.hasSuffix("  private key:  RSA 2048 (pkcs8), DOES NOT match the leaf certificate"))
        let expired = try CredentialReader().read(path: Fixtures.path("expired.pem"))
        let old = InspectionReport(file: "e.pem", bundle: expired, now: Date(timeIntervalSince1970: 1_609_545_600))
        #expect(old.text.contains("2021-01-01T00:00:00Z (expired 1 day ago)"))
        let justNow = InspectionReport(file: "e.pem", bundle: expired, now: Date(timeIntervalSince1970: 1_609_459_201))
        #expect(justNow.text.contains("2021-01-01T00:00:00Z (expired today)"))
        #expect(old.text.hasSuffix("  private key:  none"))
    }
}
