import APNsCore
import APNsKeystore
import APNsModel
import APNsTokens
import Crypto
import Foundation
import Testing

/// App Store Connect API keys in the keystore (issue 41 §1): kept apart from the APNs keys, judged by kind, revoked
/// with the same tombstones, and their tokens cached for every process.
@Suite struct AppStoreConnectKeyTests {
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"

    @Test func aKeystoreWrittenBeforeKindsReadsItsKeysAsAPNsKeysWithoutAMigration() throws {
        let store = try makeKeystore()
        _ = try store.addKey(try Fixture.material("AuthKey_ABC123DEFG.p8"), team: "DEF123GHIJ", keyID: "ABC123DEFG",
                             origin: .imported)
        // As a version 4 apnsctl wrote it: no `kind`, no `issuer_id`, no `app_store_connect_keys`.
        let path = try #require(store.layout).manifest
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                                    as? [String: Any])
        var keys = try #require(json["keys"] as? [[String: Any]])
        keys[0].removeValue(forKey: "kind")
        keys[0].removeValue(forKey: "issuer_id")
        json["keys"] = keys
        json.removeValue(forKey: "app_store_connect_keys")
        json["version"] = 4
        let written = try JSONSerialization.data(withJSONObject: json)
        try written.write(to: URL(fileURLWithPath: path))
        let reopened = try Keystore.open(at: store.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written, "opening it rewrote nothing")
        let manifest = try reopened.manifest()
        #expect(manifest.keys.map(\.kind) == [.apns] && manifest.keys[0].issuerID == nil)
        #expect(manifest.appStoreConnectKeys.isEmpty && !manifest.needsMigration)
        #expect(try reopened.token(team: "DEF123GHIJ").token.keyID == "ABC123DEFG")
        // Still written as version 4 while it holds no App Store Connect key; version 5 once it does.
        #expect(try manifestJSON(reopened)["version"] as? Int == 4)
        _ = try reopened.addAppStoreConnectKey(SigningKeyMaterial(P256.Signing.PrivateKey()), keyID: "ASC0000001",
                                               issuerID: Self.issuer)
        #expect(try manifestJSON(reopened)["version"] as? Int == Manifest.appStoreConnectVersion)
    }

    @Test func anAscKeyNeverSignsForAPNsAndAnAPNsKeyNeverForAppStoreConnect() throws {
        let store = try makeKeystore()
        let apns = try Fixture.material("AuthKey_ABC123DEFG.p8")
        _ = try store.addKey(apns, team: "DEF123GHIJ", keyID: "ABC123DEFG", origin: .imported)
        let asc = SigningKeyMaterial(P256.Signing.PrivateKey())
        let added = try store.addAppStoreConnectKey(asc, keyID: "ASC0000001", issuerID: Self.issuer.uppercased())
        #expect(added.key.kind == .appStoreConnectTeam && added.key.issuerID == Self.issuer && added.key.state == .active)
        #expect(try store.keys().map(\.keyID) == ["ABC123DEFG"], "APNs views never see it")
        #expect(try store.trustedKeys().map(\.keyID) == ["ABC123DEFG"])
        #expect(throws: APNsError.self) { _ = try store.token(keyID: "ASC0000001") }
        let manifest = try store.manifest()
        for question in [KeyJudgement.Question(keyID: "ASC0000001", purpose: .sign, now: Date()),
                         KeyJudgement.Question(keyID: nil, publicKeySHA256: asc.fingerprint, purpose: .verify, now: Date())] {
            let judged = KeyJudgement.judge(question, in: manifest)
            #expect(judged.kind == .unknown && judged.findings.first == .otherKind(keyID: "ASC0000001",
                                                                                  kind: .appStoreConnectTeam))
        }
        let asked = KeyJudgement.judge(.init(keyID: "ABC123DEFG", purpose: .sign, now: Date(), appStoreConnect: true),
                                       in: manifest)
        #expect(asked.kind == .unknown && asked.findings.first == .otherKind(keyID: "ABC123DEFG", kind: .apns))
        #expect(throws: AppStoreConnectKeyError.wrongKind(keyID: "ABC123DEFG", kind: .apns, wanted: .appStoreConnectTeam)) {
            _ = try store.appStoreConnectToken(keyID: "ABC123DEFG")
        }
        #expect(try store.appStoreConnectToken(keyID: nil).key.keyID == "ASC0000001")
        // Neither kind takes the other's id or material.
        #expect(throws: APNsError.self) { _ = try store.addAppStoreConnectKey(apns, keyID: "ASC0000002", issuerID: nil) }
        #expect(throws: APNsError.self) {
            _ = try store.addAppStoreConnectKey(SigningKeyMaterial(P256.Signing.PrivateKey()), keyID: "ABC123DEFG",
                                                issuerID: nil)
        }
    }

    @Test func theTokenHasApplesClaimsAndIsReusedUntilFiveMinutesAreLeft() throws {
        let clock = FakeClock()
        let store = try makeKeystore(clock: clock)
        let key = P256.Signing.PrivateKey()
        _ = try store.addAppStoreConnectKey(SigningKeyMaterial(key), keyID: "ASC0000001", issuerID: Self.issuer)
        let first = try store.appStoreConnectToken(keyID: nil)
        #expect(!first.cached && first.token.expiresAt - first.token.issuedAt == 20 * 60)
        let parts = first.token.compact.split(separator: ".").map { Data(base64URL: String($0)) }
        let headerBytes = try #require(parts[0]), claimBytes = try #require(parts[1])
        let header = try #require(try JSONSerialization.jsonObject(with: headerBytes) as? [String: Any])
        let claims = try #require(try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
        #expect(header as NSDictionary == ["alg": "ES256", "kid": "ASC0000001", "typ": "JWT"] as NSDictionary)
        #expect(claims["iss"] as? String == Self.issuer && claims["aud"] as? String == "appstoreconnect-v1")
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(parts[2]))
        let input = first.token.compact.split(separator: ".").prefix(2).joined(separator: ".")
        #expect(key.publicKey.isValidSignature(signature, for: Data(input.utf8)))
        // Another Keystore value (another process) reuses it; with less than 5 minutes left a new one is signed.
        let other = try Keystore.open(at: store.path, clock: clock)
        clock.advance(14 * 60)
        let reused = try other.appStoreConnectToken(keyID: "ASC0000001")
        #expect(reused.cached && reused.token == first.token && reused.key == first.key)
        clock.advance(61 + 60)
        let renewed = try other.appStoreConnectToken(keyID: nil)
        #expect(!renewed.cached && renewed.token.issuedAt > first.token.issuedAt)
    }

    @Test func anIndividualKeySignsWithSubUserAndRevocationStopsItForGood() throws {
        let store = try makeKeystore()
        let material = SigningKeyMaterial(P256.Signing.PrivateKey())
        _ = try store.addAppStoreConnectKey(material, keyID: "IND0000001", issuerID: nil)
        let token = try store.appStoreConnectToken(keyID: nil).token
        let claimBytes = try #require(Data(base64URL: String(token.compact.split(separator: ".")[1])))
        let claims = try #require(try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
        #expect(claims["sub"] as? String == "user" && claims["iss"] == nil && token.issuerID == nil)
        try store.revokeAnyKind("IND0000001")
        #expect(throws: AppStoreConnectKeyError.self) { _ = try store.appStoreConnectToken(keyID: nil) }
        try store.purgeAnyKind("IND0000001")
        let manifest = try store.manifest()
        #expect(manifest.appStoreConnectKeys.isEmpty && manifest.revokedKeys.map(\.keyID) == ["IND0000001"])
        #expect(!FileManager.default.fileExists(atPath: try #require(store.layout).absolute("keys/IND0000001.p8")))
        #expect(throws: AppStoreConnectKeyError.revoked(keyID: "IND0000001",
                                                        revokedOn: manifest.revokedKeys[0].revokedOn, purged: true)) {
            _ = try store.appStoreConnectToken(keyID: "IND0000001")
        }
        #expect(throws: APNsError.self) { _ = try store.addAppStoreConnectKey(material, keyID: "IND0000002", issuerID: nil) }
        #expect(throws: APNsError.self) {
            _ = try store.addKey(material, team: "DEF123GHIJ", keyID: "APNS000001", origin: .imported)
        }
    }

    @Test func aKeystoreCopyCarriesAscKeysIntoTheirOwnList() throws {
        let source = try makeKeystore(), destination = try makeKeystore()
        let key = P256.Signing.PrivateKey()
        _ = try source.addAppStoreConnectKey(SigningKeyMaterial(key), keyID: "ASC0000001", issuerID: Self.issuer)
        #expect(try destination.copy(from: source).keys == ["ASC0000001"])
        let copied = try destination.manifest()
        #expect(copied.keys.isEmpty && copied.appStoreConnectKeys.map(\.issuerID) == [Self.issuer])
        #expect(try destination.appStoreConnectToken(keyID: nil).key.fingerprint == SigningKeyMaterial(key).fingerprint)
        #expect(try destination.copy(from: source).alreadyPresentCount == 1)
    }

    @Test func issuerIDsAreUUIDs() throws {
        #expect(try AppStoreConnectIssuerID.validate("57246542-96FE-1A63-E053-0824D011072A") == Self.issuer)
        for bad in ["", "DEF123GHIJ", "57246542-96fe-1a63-e053-0824d011072", "57246542-96fe-1a63-e053-0824d011072g",
                    "5724654296fe1a63e0530824d011072a", "{57246542-96fe-1a63-e053-0824d011072a}"] {
            #expect(throws: AppStoreConnectKeyError.issuerNotUUID(bad)) { _ = try AppStoreConnectIssuerID.validate(bad) }
        }
    }

    func manifestJSON(_ store: Keystore) throws -> [String: Any] {
        let path = try #require(store.layout).manifest
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                                as? [String: Any])
    }
}

extension Data {
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
