import APNsCore
import APNsCredentials
import Foundation
import TestSupport
import Testing
@testable import APNsProvisioning

@Suite struct ProfileReaderTests {
    /// The three real profiles of ../shared/samples/provisioning yield exactly the facts of expected.json.
    @Test(.enabled(if: ProfileFixtures.samplesPresent, "../shared/samples absent"),
          arguments: ["real-production.mobileprovision", "real-no-push.mobileprovision",
                      "fastlane-synthetic-development.mobileprovision"])
    func realSampleYieldsExpectedFacts(name: String) throws {
        let data = try Data(contentsOf: ProfileFixtures.samples.appendingPathComponent("expected.json"))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let expected = try #require(all[name] as? [String: Any])
        let document = try ProfileReader().read(path: ProfileFixtures.samples.appendingPathComponent(name).path)
        let actual = try ProfileFixtures.json(document)
        for (key, value) in expected where key != "source" {
            let got = try #require(actual[key], "no \(key) in the report of \(name)")
            #expect(ProfileFixtures.sameJSON(got, value), "\(name): \(key) is \(got), expected \(value)")
        }
    }

    @Test(.enabled(if: ProfileFixtures.samplesPresent, "../shared/samples absent"))
    func appleProfilesVerifyOnlyAsOfTheirCreationDate() throws {
        let document = try ProfileReader().read(path: ProfileFixtures.samples.appendingPathComponent("real-production.mobileprovision").path)
        #expect(document.signature.state == .verified)
        #expect(document.signature.trustAnchor == "Apple Root CA")
        #expect(document.signature.checkedAt == document.profile.creationDate)
        #expect(document.profile.developerCertificates.first?.subject.contains("iPhone Distribution") == true)
        #expect(document.profile.entitlements["keychain-access-groups"] == .array([.string("XFA9C6XUR7.*")]))
    }

    @Test func signedByTheTestCAThroughItsIntermediateIsVerifiedWithCA() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("development.mobileprovision"))
        #expect(document.signature.state == .verified)
        #expect(document.signature.trustAnchor == "apnsctl Test Profile Root CA")
        #expect(document.signature.detail.contains("(given CA)"))
        var labelled = try ProfileFixtures.testReader()
        labelled.extraAnchorsLabel = "the test CA"
        #expect(try labelled.read(path: ProfileFixtures.path("development.mobileprovision")).signature.detail
                    .contains("(the test CA)"))
        let p = document.profile
        #expect(p.teamID == "TEAM123456")
        #expect(p.bundleID == "com.example.dev")
        #expect(p.apsEnvironment == "development")
        #expect(p.apsEnvironmentKey == "aps-environment")
        #expect(p.getTaskAllow == true)
        #expect(p.provisionedDevices == 3)
        #expect(p.provisionsAllDevices == false)
        #expect(p.platforms == ["iOS"])
        #expect(p.developerCertificates.map(\.teamID) == ["TEAM123456"])
    }

    @Test func withoutTheCAItIsUntrustedNotInvalid() throws {
        let document = try ProfileReader().read(path: ProfileFixtures.path("development.mobileprovision"))
        #expect(document.signature.state == .untrusted)
        #expect(document.signature.signer?.contains("apnsctl Test Profile Signing") == true)
        #expect(document.signature.detail.contains("unable to get local issuer certificate"))
    }

    @Test func aSelfSignedStrangerIsUntrustedEvenWithTheTestCA() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("untrusted.mobileprovision"))
        #expect(document.signature.state == .untrusted)
    }

    @Test func alteredContentIsInvalidButStillRead() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("tampered.mobileprovision"))
        #expect(document.signature.state == .invalid)
        #expect(document.profile.teamName == "Evil Co Ltd")
    }

    @Test func aBarePlistIsUnsigned() throws {
        let document = try ProfileReader().read(path: ProfileFixtures.path("unsigned.mobileprovision"))
        #expect(document.signature.state == .unsigned)
        #expect(document.profile.uuid == "11111111-2222-3333-4444-555555555555")
    }

    @Test func anEmptyFileIsBadInputNamingTheFile() throws {
        let path = ProfileFixtures.path("empty.mobileprovision")
        let error = try #require(throws: APNsError.self) { try ProfileReader().read(path: path) }
        #expect(error.status == .badInput)
        #expect(error.message == "\(path): empty file")
    }

    @Test func aCertificateIsNamedForWhatItIs() throws {
        let error = try #require(throws: APNsError.self) {
            try ProfileReader().read(path: ProfileFixtures.certificate("dev.cer"))
        }
        #expect(error.message.hasSuffix("a DER certificate, not a provisioning profile"))
        #expect(error.remedy as? ProvisioningRemedy == .inspectAsCertificate)
    }

    @Test func macOSProfilesCarryTheDeveloperPrefixedKey() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("macos.provisionprofile"))
        #expect(document.signature.state == .verified)
        #expect(document.profile.apsEnvironment == "production")
        #expect(document.profile.apsEnvironmentKey == "com.apple.developer.aps-environment")
        #expect(document.profile.applicationIdentifier == "MACTEAM123.com.example.mac")
        #expect(document.profile.platforms == ["OSX"])
    }

    @Test func anExpiredProfileStillVerifiesAsOfItsCreation() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("expired.mobileprovision"))
        #expect(document.signature.state == .verified)
        let json = try ProfileFixtures.json(document)
        #expect(json["expired"] as? Bool == true)
        #expect(json["expires_at"] as? String == "2021-01-01T00:00:00Z")
        #expect(json["created_at"] as? String == "2020-01-01T00:00:00Z")
    }

    @Test func absentApsEnvironmentIsAFactNotAnError() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("no-push.mobileprovision"))
        let json = try ProfileFixtures.json(document)
        #expect(json.keys.contains("aps_environment"))
        #expect(json["aps_environment"] is NSNull)
    }

    @Test func wildcardAppIDsKeepTheirStarAndCoverBundleIDs() throws {
        let document = try ProfileFixtures.testReader().read(path: ProfileFixtures.path("distribution-wildcard.mobileprovision"))
        let p = document.profile
        #expect(p.applicationIdentifier == "TEAM123456.com.example.*")
        #expect(p.bundleID == "com.example.*")
        #expect(p.isWildcard)
        #expect(p.covers(bundleID: "com.example.app"))
        #expect(p.covers(bundleID: "com.example.app.widget"))
        #expect(!p.covers(bundleID: "com.example"))
        #expect(!p.covers(bundleID: "com.examples.app"))
        #expect(p.provisionsAllDevices && p.provisionedDevices == nil)
    }
}

/// openssl, which this project did not write, agrees with the reader.
@Suite(.enabled(if: ProfileFixtures.opensslPresent, "openssl binary not found"))
struct ProfileOpenSSLInteropTests {
    @Test(arguments: ["development.mobileprovision", "tampered.mobileprovision", "macos.provisionprofile",
                      "untrusted.mobileprovision"])
    func theSignedContentIsWhatOpenSSLExtracts(name: String) throws {
        let path = ProfileFixtures.path(name)
        let theirs = try ProfileFixtures.runOpenSSL(["cms", "-verify", "-noverify", "-nosigs", "-inform", "DER", "-in", path])
        #expect(theirs.status == 0)
        let cms = try #require(CMSSignedData(der: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(cms.content == theirs.stdout)
    }

    @Test(arguments: [("development.mobileprovision", ProfileSignature.State.verified),
                      ("tampered.mobileprovision", .invalid), ("untrusted.mobileprovision", .untrusted)])
    func openSSLAgreesWithTheVerdict(name: String, state: ProfileSignature.State) throws {
        let path = ProfileFixtures.path(name)
        let document = try ProfileFixtures.testReader().read(path: path)
        #expect(document.signature.state == state)
        let at = String(Int(try #require(document.profile.creationDate).timeIntervalSince1970))
        let verify = try ProfileFixtures.runOpenSSL(["cms", "-verify", "-inform", "DER", "-in", path, "-CAfile",
                                                     ProfileFixtures.path("test-root-ca.pem"), "-purpose", "any",
                                                     "-attime", at, "-out", "/dev/null"])
        #expect((verify.status == 0) == (state == .verified))
    }

    @Test func openSSLVerifiesAProfileWeSign() throws {
        let authority = try ProfileTestCA.make()
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let template = ProfileSigner.Template(name: "Signed Here", teamID: "TEAM123456", bundleID: "com.example.dev",
                                              apsEnvironment: "development", created: now,
                                              expires: now.addingTimeInterval(86_400), devices: ["A", "B"])
        let signed = try ProfileSigner.sign(template, certificatePEM: authority.certificate, privateKeyPEM: authority.key)
        let directory = TestPaths.temporaryDirectory("profile")
        let profile = directory.appendingPathComponent("signed.mobileprovision")
        let ca = directory.appendingPathComponent("ca.pem")
        try Data(signed).write(to: profile)
        try Data(authority.certificate.utf8).write(to: ca)
        let verify = try ProfileFixtures.runOpenSSL(["cms", "-verify", "-inform", "DER", "-in", profile.path,
                                                     "-CAfile", ca.path, "-purpose", "any"])
        #expect(verify.status == 0)
        #expect(try PlistValue.parse(verify.stdout).dictionary?["Name"] == .string("Signed Here"))
        #expect(try ProfileReader().read(bytes: signed, file: "signed").signature.state == .untrusted)
        let anchor = try CredentialReader().read(path: ca.path).certificates
        let document = try ProfileReader(extraAnchors: anchor).read(bytes: signed, file: "signed")
        #expect(document.signature.state == .verified)
        #expect(document.profile.provisionedDevices == 2)
        #expect(document.profile.apsEnvironment == "development")
    }
}

/// A throwaway CA made with the openssl binary (RSA, self-signed, one day).
enum ProfileTestCA {
    static func make() throws -> (certificate: String, key: String) {
        let directory = TestPaths.temporaryDirectory("ca")
        let key = directory.appendingPathComponent("ca.key").path
        let certificate = directory.appendingPathComponent("ca.pem").path
        let result = try ProfileFixtures.runOpenSSL(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
                                                     "-out", certificate, "-days", "2", "-subj", "/CN=Profile Test CA",
                                                     "-addext", "basicConstraints=critical,CA:TRUE"])
        guard result.status == 0 else { throw ProfileError("openssl req failed") }
        return (try String(contentsOfFile: certificate, encoding: .utf8), try String(contentsOfFile: key, encoding: .utf8))
    }
}
