import APNsModel
import APNsCore
import APNsKeystore
@testable import APNsOperations
import APNsProbe
import APNsTokens
import Crypto
import Foundation
import TestSupport
import Testing

/// Resolving a probe's credential in process: each source, and each way it fails.
@Suite struct ProbeCredentialResolutionTests {
    static func signed(keyID: String = "KEYTOKEN01", teamID: String = Scratch.team) throws -> ProviderToken {
        try ProviderToken.sign(keyID: keyID, teamID: teamID, issuedAt: Date(), key: P256.Signing.PrivateKey())
    }

    @Test func noSourceSendsNoCredential() throws {
        let resolved = try ProbeCredentialResolution.resolve(.none, environment: .development)
        guard case .none = resolved.credential else { Issue.record("expected no credential"); return }
        #expect(resolved.signingKey == nil && resolved.tokenKey == nil && resolved.defaultTopic == nil)
    }

    @Test func aTokenFileNamesItsKeyAndTeam() throws {
        let token = try Self.signed()
        let path = try Scratch.file("token.jwt", token.compact + "\n")
        let resolved = try ProbeCredentialResolution.resolve(.tokenFile(path: path), environment: nil)
        guard case .token(let compact, _) = resolved.credential else { Issue.record("expected a token"); return }
        #expect(compact == token.compact)
        #expect(resolved.tokenKey == .init(keyID: "KEYTOKEN01", teamID: Scratch.team))
    }

    @Test func aTokenVariableIsReadFromItsValue() throws {
        let token = try Self.signed()
        let resolved = try ProbeCredentialResolution.resolve(.tokenVariable(name: "T", value: " \(token.compact) "),
                                                             environment: .production)
        #expect(resolved.tokenKey?.keyID == "KEYTOKEN01")
    }

    @Test(arguments: [nil, ""]) func anUnsetTokenVariableSaysWhich(value: String?) {
        #expect(throws: ProbeCredentialError.tokenVariableUnset(name: "APNS_TOKEN")) {
            try ProbeCredentialResolution.resolve(.tokenVariable(name: "APNS_TOKEN", value: value), environment: nil)
        }
    }

    @Test func aMalformedTokenNamesItsSource() throws {
        let path = try Scratch.file("bad.jwt", "not-a-jwt")
        for (source, name) in [(ProbeCredentialSource.tokenFile(path: path), path),
                               (.tokenVariable(name: "T", value: "not-a-jwt"), "$T")] {
            do {
                _ = try ProbeCredentialResolution.resolve(source, environment: nil)
                Issue.record("\(name): accepted")
            } catch ProbeCredentialError.malformedToken(let origin, let cause) {
                let reason = cause.message
                #expect(origin == name)
                #expect(!reason.isEmpty)
            }
        }
    }

    @Test func identifiersAreCheckedBeforeTheKeystoreOpens() {
        let refuse: () throws -> Keystore = { throw APNsError.keystore("opened") }
        #expect(throws: ProbeCredentialError.invalidTeamID("team")) {
            try ProbeCredentialResolution.resolve(.keystore(team: "team", keyID: nil, open: refuse), environment: nil)
        }
        #expect(throws: ProbeCredentialError.invalidKeyID("KEY")) {
            try ProbeCredentialResolution.resolve(.keystore(team: Scratch.team, keyID: "KEY", open: refuse),
                                                  environment: nil)
        }
    }

    @Test func aKeystoreKeySignsWithItsRecordedScope() throws {
        let scope = try KeyScope(environments: [.development], restriction: .team, source: .declared)
        let store = try Scratch.keystore(scope: scope)
        let resolved = try ProbeCredentialResolution.resolve(
            .keystore(team: Scratch.team, keyID: nil, open: { store }), environment: .development)
        #expect(resolved.signingKey?.keyID == "KEYOPS0001")
        #expect(resolved.signingKey?.environments == [.development])
        guard case .token(let compact, _) = resolved.credential else { Issue.record("expected a token"); return }
        #expect(try ProviderToken(parsing: compact).keyID == "KEYOPS0001")
        // The keystore's own refusal (no key covers production) is its error, unchanged.
        #expect(throws: APNsError.self) {
            try ProbeCredentialResolution.resolve(.keystore(team: Scratch.team, keyID: nil, open: { store }),
                                                  environment: .production)
        }
    }

    /// Moved in process from TokenEnvCLITests: a production-only key is refused before anything is sent, as a
    /// usage error for a server of unknown environment (it must cover both) and as the keystore's refusal for the
    /// sandbox.
    @Test func aProductionOnlyKeyIsRefusedBeforeSending() throws {
        let scope = try KeyScope(environments: [.production], restriction: .team, source: .declared)
        let store = try Scratch.keystore(keyID: "ABC123DEFG", scope: scope)
        let source = ProbeCredentialSource.keystore(team: Scratch.team, keyID: nil, open: { store })
        do {
            _ = try ProbeCredentialResolution.resolve(source, environment: nil)
            Issue.record("an unknown environment was accepted")
        } catch let error as APNsError {
            #expect(error.status == .usage && (error.message + error.hint).contains("ABC123DEFG is production-only"), "\(error)")
        }
        do {
            _ = try ProbeCredentialResolution.resolve(source, environment: .development)
            Issue.record("the sandbox was accepted")
        } catch let error as APNsError {
            #expect(error.status == .keystore && (error.message + error.hint).contains("does not cover the sandbox"), "\(error)")
        }
    }

    @Test func aCertificateWithItsKeyGivesItsBundleID() throws {
        let resolved = try ProbeCredentialResolution.resolve(
            .certificate(path: Scratch.certificate("dev-bundle.pem"), password: { "" }), environment: .development)
        guard case .pem = resolved.credential else { Issue.record("expected a PEM credential"); return }
        #expect(resolved.defaultTopic?.isEmpty == false)
        #expect(resolved.certificateValidity == nil)
    }

    @Test func certificateFilesThatCannotAuthenticate() throws {
        let certificateOnly = Scratch.certificate("dev.pem")
        #expect(throws: ProbeCredentialError.noPrivateKey(path: certificateOnly)) {
            try ProbeCredentialResolution.resolve(.certificate(path: certificateOnly, password: { "" }), environment: nil)
        }
        let keyOnly = Scratch.certificate("dev.key")
        #expect(throws: ProbeCredentialError.noCertificate(path: keyOnly)) {
            try ProbeCredentialResolution.resolve(.certificate(path: keyOnly, password: { "" }), environment: nil)
        }
        let mismatched = Scratch.certificate("wrong-key-pair.pem")
        #expect(throws: ProbeCredentialError.keyDoesNotMatchCertificate(path: mismatched)) {
            try ProbeCredentialResolution.resolve(.certificate(path: mismatched, password: { "" }), environment: nil)
        }
    }

    @Test func anExpiredCertificateIsSaidBeforeConnecting() throws {
        let pem = try String(contentsOfFile: Scratch.certificate("expired.pem"), encoding: .utf8)
            + (try String(contentsOfFile: Scratch.certificate("expired.key"), encoding: .utf8))
        let path = try Scratch.file("expired-bundle.pem", pem)
        let now = Date()
        let resolved = try ProbeCredentialResolution.resolve(.certificate(path: path, password: { "" }),
                                                             environment: nil, now: now)
        guard case .expired(let named, let notAfter, let at)? = resolved.certificateValidity else {
            Issue.record("expected the expiry to be reported"); return
        }
        #expect(named == path && notAfter <= now && at == now)
        // Dated before the certificate's start: not yet valid.
        let early = try ProbeCredentialResolution.resolve(.certificate(path: path, password: { "" }), environment: nil,
                                                          now: Date(timeIntervalSince1970: 0))
        guard case .notYetValid(let earlyPath, _)? = early.certificateValidity else {
            Issue.record("expected not yet valid"); return
        }
        #expect(earlyPath == path)
    }
}
