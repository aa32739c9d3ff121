import APNsModel
import APNsCore
import APNsCredentials
import APNsExporter
import APNsExporterConfiguration
import APNsKeystore
import APNsOperations
import APNsProbe
import APNsProvisioning
import Foundation
import Testing
import TestSupport

/// One judge per question (issue 40 §1): every use case that judges a part — a certificate, a profile, a key for an
/// environment and team — gives it the same verdict class. A table of fixtures made by the test (a CA of its own,
/// certificates and profiles it signs, keys in scratch keystores) × the use cases that judge them; a new use case
/// that judges a part joins ``AgreementTests/Judge`` and the rows it applies to. Every judge is asked for 0 days
/// left at least (the certificate of a day is judged expired three days later).
@Suite struct AgreementTests {
    static let bundle = "com.example.app"
    static let team = "DEF123GHIJ"
    static let otherTeam = "ZZZ1234567"

    /// What a use case said, as a class: the part may be used, or it may not.
    enum Outcome: String, Sendable { case accepted, refused }

    /// The use cases that judge a part.
    enum Judge: String, Sendable, CaseIterable {
        /// `cert verify --ca CA --env E --topic APP` (``CertificateVerification``).
        case certificateVerification
        /// `profile verify --ca CA --env E --bundle-id APP [--cert CERT]` (``ProfileVerification``).
        case profileVerification
        /// `app check APP --ca CA --env E [--team T] [--cert CERT] [--profile P]`, keystore given (``AppReadiness``).
        case appReadiness
        /// `cert import --ca CA CERT` (``CertificateKeystoreImport``): an expired certificate is stored (with a
        /// warning), so it joins the rows of what the judge refuses for other reasons.
        case certificateImport
        /// The keystore key a probe or `device check` signs with for the environment and topic
        /// (``ProbeCredentialResolution``, the key of `--team` or of the profile's team).
        case keyChoice
        /// `token inspect`'s key judge (``KeyJudgement``): may the key sign for the app's team (the profiles'),
        /// environment and topic.
        case keyJudgement
        /// `probe --cert CERT` planned (``ProbePlanning``): the certificate judge before a canary, nothing sent.
        case probe
        /// `device check --cert CERT` refused or not before sending (``DeviceClassification/environments``).
        case deviceCheck
        /// The exporter's `cert:` target, its credential resolved for a round (``CredentialSource``).
        case exporter
        /// `doctor --ca CA` over a keystore keeping the certificate (``KeystoreJudgement``): refused, or its expiry.
        case doctor
        /// `keystore status --ca CA --min-days 0` over a keystore keeping the certificate (``KeystoreStatusCheck``).
        case keystoreStatus
        /// `expiry --ca CA --min-days 0 CERT PROFILE` (``ExpiryScan``) as of the row's time: each certificate and
        /// profile as its judge says.
        case expiry
        /// The exporter's expiry scan of its `credentials:` (``ExpiryScanner`` as `Exporter` builds it: Apple's roots
        /// only, so only a refusal is asked of it).
        case exporterExpiry
    }

    /// The senders: they ask the certificate judge before a canary, for what the TLS handshake would refuse
    /// (``CertificateJudge/refusedBeforeSending``: dates, key match); the chain is the server's to judge.
    static let senders: [Judge] = [.probe, .deviceCheck, .exporter]

    /// One row: the parts, the environment asked, and the verdict class every judge listed must give.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: APNsEnvironment
        var certificate: String?
        var profile: String?
        /// A key in the keystore: its team and the environments it was made for.
        var key: (team: String, environments: [APNsEnvironment])?
        /// `--team`.
        var team: String?
        /// Judge at this time (seconds from now) instead of now.
        var later: TimeInterval?
        var expected: Outcome
        var judges: [Judge]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a certificate of the CA, with its key", environment: .development, certificate: "good.pem",
             expected: .accepted,
             judges: [.certificateVerification, .appReadiness, .certificateImport, .doctor, .keystoreStatus, .expiry] + senders),
        Case(name: "a profile of the CA, with the certificate", environment: .development, certificate: "good.pem",
             profile: "development.mobileprovision", expected: .accepted,
             judges: [.certificateVerification, .profileVerification, .appReadiness, .expiry]),
        Case(name: "a self-signed look-alike certificate", environment: .development, certificate: "lookalike.pem",
             expected: .refused,
             judges: [.certificateVerification, .appReadiness, .certificateImport, .doctor, .keystoreStatus, .expiry]),
        Case(name: "a certificate paired with another key", environment: .development, certificate: "mismatched.pem",
             expected: .refused,
             judges: [.certificateVerification, .appReadiness, .certificateImport, .doctor, .keystoreStatus, .expiry] + senders),
        Case(name: "a tampered profile", environment: .development, profile: "tampered.mobileprovision",
             key: (team, [.development]), expected: .refused,
             judges: [.profileVerification, .appReadiness, .expiry, .exporterExpiry]),
        Case(name: "an unsigned profile", environment: .development, profile: "unsigned.mobileprovision",
             key: (team, [.development]), expected: .refused,
             judges: [.profileVerification, .appReadiness, .expiry, .exporterExpiry]),
        Case(name: "a distribution certificate", environment: .production, certificate: "distribution.pem",
             expected: .refused,
             judges: [.certificateVerification, .appReadiness, .certificateImport, .doctor, .keystoreStatus, .expiry]),
        Case(name: "an expired certificate", environment: .development, certificate: "short.pem", later: 3 * 86_400,
             expected: .refused, judges: [.certificateVerification, .appReadiness, .expiry] + senders),
        Case(name: "a certificate not yet valid", environment: .development, certificate: "short.pem",
             later: -86_400, expected: .refused, judges: [.certificateVerification, .appReadiness, .expiry] + senders),
        Case(name: "the same certificate before it expires", environment: .development, certificate: "short.pem",
             expected: .accepted, judges: [.appReadiness, .expiry] + senders),
        Case(name: "another team's key for the profiles", environment: .development,
             profile: "development.mobileprovision", key: (otherTeam, [.development]), team: otherTeam,
             expected: .refused, judges: [.appReadiness, .keyJudgement]),
        Case(name: "the team's key for the profiles", environment: .development, profile: "development.mobileprovision",
             key: (team, [.development]), expected: .accepted,
             judges: [.profileVerification, .appReadiness, .keyChoice, .keyJudgement]),
        Case(name: "a sandbox-only key in production", environment: .production, key: (team, [.development]),
             team: team, expected: .refused, judges: [.appReadiness, .keyChoice, .keyJudgement]),
        Case(name: "a production-only certificate in development", environment: .development,
             certificate: "production.pem", profile: "development.mobileprovision", expected: .refused,
             judges: [.certificateVerification, .profileVerification, .appReadiness]),
        Case(name: "a production-only certificate in production", environment: .production,
             certificate: "production.pem", profile: "production.mobileprovision", expected: .accepted,
             judges: [.certificateVerification, .profileVerification, .appReadiness, .certificateImport, .expiry]),
    ]

    @Test(arguments: cases) func everyJudgeAgrees(_ row: Case) async throws {
        let fixtures = try AgreementFixtures.shared.get()
        for judge in row.judges {
            let outcome = try await Self.outcome(judge, row, fixtures)
            #expect(outcome == row.expected, "\(judge.rawValue) says \(outcome.rawValue) for \(row.name)")
        }
    }

    /// The senders read a certificate with one reader (``ClientCertificate``): a VoIP Services certificate's canary
    /// is a voip push to `<bundle id>.voip` for probe and the exporter alike (before, the exporter sent a background
    /// canary to the bare bundle id, which APNs refuses for that certificate).
    @Test func everySenderTakesAVoIPCertificatesTopicAndPushType() throws {
        let fixtures = try AgreementFixtures.shared.get()
        let file = fixtures.path("voip.pem")
        let plan = try ProbePlanning.plan(ProbePlanRequest(
            server: ProbeServer(environment: .development, host: "127.0.0.1", port: 9),
            credential: .certificate(path: file, password: { "" }), canary: CanarySpecification()))
        #expect(plan.configuration.canary.topic == "\(Self.bundle).voip")
        #expect(plan.configuration.canary.pushType == .voip)
        let source = CredentialSource(keystore: nil, tokenDirectory: nil) { _ in throw APNsError.badInput("none") }
        let resolved = try source.resolve(CanaryTarget(
            name: "voip", server: CanaryServer(host: "127.0.0.1", port: 9, environment: .development),
            credential: .certificate(path: file, passwordFile: nil), topic: nil, pushType: nil, interval: 60))
        #expect(resolved.certificateTopic == "\(Self.bundle).voip")
        #expect(resolved.certificatePushType == .voip)
    }

    static func outcome(_ judge: Judge, _ row: Case, _ fixtures: AgreementFixtures) async throws -> Outcome {
        let at = row.later.map { Date().addingTimeInterval($0) }
        let certificate = row.certificate.map(fixtures.path)
        let profile = row.profile.map(fixtures.path)
        switch judge {
        case .certificateVerification:
            let file = try #require(certificate)
            var input = CertificateVerification.Input(file: file, credential: try CredentialReader().read(path: file))
            input.caFile = fixtures.ca
            input.environment = row.environment
            input.topics = [bundle]
            input.minimumDays = 0
            input.fixedTime = at
            return try await CertificateVerification.run(input).passed ? .accepted : .refused
        case .profileVerification:
            var input = ProfileVerification.Input(file: try #require(profile))
            input.caFiles = [fixtures.ca]
            input.environment = row.environment
            input.bundleID = bundle
            input.certificateFile = certificate
            input.fixedTime = at
            return try ProfileVerification.run(input).passed ? .accepted : .refused
        case .appReadiness:
            var input = AppReadiness.Input(bundleID: bundle)
            input.team = row.team
            input.certificateFiles = certificate.map { [$0] } ?? []
            input.profileFiles = profile.map { [$0] } ?? []
            input.caFiles = [fixtures.ca]
            input.environment = row.environment
            input.minDays = 0
            input.at = at
            if let key = row.key {
                let store = try keystore(key)
                input.keystore = { store }
            }
            return try await AppReadiness.run(input).ready ? .accepted : .refused
        case .certificateImport:
            let file = try #require(certificate)
            let store = try Scratch.keystore(keyID: nil)
            let input = CertificateKeystoreImport.Input(file: file, credential: try CredentialReader().read(path: file),
                                                        keystore: store, trustedCAFiles: [fixtures.ca])
            return (try? await CertificateKeystoreImport.run(input)) == nil ? .refused : .accepted
        case .keyChoice:
            let store = try keystore(try #require(row.key))
            let source = ProbeCredentialSource.keystore(team: row.team ?? team, keyID: nil, open: { store })
            let resolved = try? ProbeCredentialResolution.resolve(source, environment: row.environment, topic: bundle)
            return resolved == nil ? .refused : .accepted
        case .probe:
            let request = ProbePlanRequest(server: ProbeServer(environment: row.environment, host: "127.0.0.1", port: 9),
                                           credential: .certificate(path: try #require(certificate), password: { "" }),
                                           canary: CanarySpecification())
            return (try? ProbePlanning.plan(request, now: at ?? Date())) == nil ? .refused : .accepted
        case .deviceCheck:
            let servers = CanaryServers(servers: [.init(environment: row.environment, host: "127.0.0.1", port: 9)])
            let checks = try? DeviceClassification.environments(
                [row.environment], servers: servers, source: .certificate(path: try #require(certificate), password: { "" }),
                topic: bundle, now: at ?? Date())
            return checks == nil ? .refused : .accepted
        case .exporter:
            let source = CredentialSource(keystore: nil, tokenDirectory: nil) { _ in throw APNsError.badInput("none") }
            let target = CanaryTarget(name: "agreement", server: CanaryServer(host: "127.0.0.1", port: 9,
                                                                                environment: row.environment),
                                      credential: .certificate(path: try #require(certificate), passwordFile: nil),
                                      topic: nil, pushType: nil, interval: 60)
            return (try? source.resolve(target, now: at ?? Date())) == nil ? .refused : .accepted
        case .doctor:
            let bundle = try CredentialReader().read(path: try #require(certificate))
            let store = try Scratch.keystore(keyID: nil)
            // Stored as it is (cert import would refuse some of them): doctor judges what a keystore holds.
            _ = try store.addCertificate(try CertificateImport(leaf: try #require(bundle.leaf), chain: bundle.chain,
                                                               key: try #require(bundle.privateKey)))
            let findings = await KeystoreJudgement.judge(KeystoreJudgementRequest(
                location: KeystoreLocation(path: store.path, source: .flag), minDays: 0, caFiles: [fixtures.ca],
                open: { store }))
            let refused = findings.contains { if case .certificateRefused = $0 { true } else { false } }
            #expect(refused || findings.contains { if case .certificate = $0 { true } else { false } }, "\(findings)")
            return refused ? .refused : .accepted
        case .keystoreStatus:
            let bundle = try CredentialReader().read(path: try #require(certificate))
            let store = try Scratch.keystore(keyID: nil)
            // Stored as it is, as for doctor: the status judges what a keystore holds.
            _ = try store.addCertificate(try CertificateImport(leaf: try #require(bundle.leaf), chain: bundle.chain,
                                                               key: try #require(bundle.privateKey)))
            let report = try await KeystoreStatusCheck.run(.init(keystore: store, minDays: 0, caFiles: [fixtures.ca]))
            #expect(report.certificates.count == 1)
            return report.passed ? .accepted : .refused
        case .expiry:
            let paths = [certificate, profile].compactMap { $0 }
            let report = try await ExpiryScan.run(.init(paths: paths, keystore: nil, minimumDays: 0, now: at ?? Date(),
                                                        caFiles: [fixtures.ca]))
            return report.passed ? .accepted : .refused
        case .exporterExpiry:
            let items = ExpiryScanner(now: Date()).scan(paths: [try #require(profile)])
            return items.contains { $0.verdict == .refused || $0.kind == .unreadable } ? .refused : .accepted
        case .keyJudgement:
            let store = try keystore(try #require(row.key))
            let question = KeyJudgement.Question(keyID: "AGREEKEY01", teamID: team, environment: row.environment,
                                                 topic: bundle, purpose: .sign, now: at ?? Date())
            return try KeyJudgement.judge(question, in: store).isUsable ? .accepted : .refused
        }
    }

    /// A scratch keystore with one key of `key.team`, made for `key.environments`.
    static func keystore(_ key: (team: String, environments: [APNsEnvironment])) throws -> Keystore {
        let store = try Scratch.keystore(keyID: nil)
        let scope = try KeyScope(environments: key.environments, restriction: .team, source: .declared)
        _ = try store.generateKey(team: key.team, keyID: "AGREEKEY01", scope: scope)
        return store
    }
}

/// The table's files, made once: a CA of the test's own, push certificates it issued (with their keys), a
/// self-signed look-alike, a certificate with another key, a distribution (code signing) certificate, one that
/// lasts a day, profiles it signed, a tampered copy and a bare property list.
struct AgreementFixtures: Sendable {
    let directory: String
    var ca: String { path("ca.pem") }

    func path(_ name: String) -> String { directory + "/" + name }

    static let shared: Result<AgreementFixtures, any Error> = Result { try make() }

    static func push(_ environments: [APNsEnvironment]) -> String {
        "extendedKeyUsage=clientAuth\n" + environments.map {
            "1.2.840.113635.100.6.3.\($0 == .development ? 1 : 2)=DER:0500\n"
        }.joined()
    }

    static func make() throws -> AgreementFixtures {
        let fixtures = AgreementFixtures(directory: TestPaths.temporaryDirectory("agreement").path)
        let subject = "/UID=\(AgreementTests.bundle)/CN=Apple Push Services: \(AgreementTests.bundle)/OU=\(AgreementTests.team)/C=US"
        try fixtures.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
                              "-days", "3650", "-subj", "/CN=apnsctl agreement test CA"])
        try fixtures.issue("good", subject: subject, extensions: push([.development, .production]))
        try fixtures.issue("production", subject: subject, extensions: push([.production]))
        try fixtures.issue("short", subject: subject, extensions: push([.development, .production]), days: 1)
        try fixtures.issue("distribution", subject: "/UID=\(AgreementTests.team)/CN=iPhone Distribution: Example "
                           + "(\(AgreementTests.team))/OU=\(AgreementTests.team)/C=US",
                           extensions: "extendedKeyUsage=codeSigning\n")
        try fixtures.issue("voip", subject: "/UID=\(AgreementTests.bundle)/CN=VoIP Services: \(AgreementTests.bundle)"
                           + "/OU=\(AgreementTests.team)/C=US", extensions: push([.development, .production]))
        try fixtures.issue("lookalike", subject: subject, extensions: push([.development, .production]), selfSigned: true)
        try fixtures.issue("other", subject: subject, extensions: push([.development, .production]))
        try fixtures.join(["good.crt", "other.key"], into: "mismatched.pem")
        let caPEM = try String(contentsOfFile: fixtures.path("ca.pem"), encoding: .utf8)
        let caKey = try String(contentsOfFile: fixtures.path("ca.key"), encoding: .utf8)
        for environment in APNsEnvironment.allCases {
            let template = ProfileSigner.Template(
                name: "Agreement \(environment.rawValue)", teamID: AgreementTests.team, bundleID: AgreementTests.bundle,
                apsEnvironment: environment.rawValue, created: Date().addingTimeInterval(5),
                expires: Date().addingTimeInterval(365 * 86_400), devices: [])
            let signed = try ProfileSigner.sign(template, certificatePEM: caPEM, privateKeyPEM: caKey)
            try Data(signed).write(to: URL(fileURLWithPath: fixtures.path("\(environment.rawValue).mobileprovision")))
            if environment == .development {
                try Data(try ProfileSigner.plist(template))
                    .write(to: URL(fileURLWithPath: fixtures.path("unsigned.mobileprovision")))
                // The signed content changed after signing: the name's last letter.
                var tampered = signed
                let name = Array("Agreement development".utf8)
                let at = try #require((0...(tampered.count - name.count)).first { Array(tampered[$0..<$0 + name.count]) == name })
                tampered[at + name.count - 1] = UInt8(ascii: "x")
                try Data(tampered).write(to: URL(fileURLWithPath: fixtures.path("tampered.mobileprovision")))
            }
        }
        return fixtures
    }

    /// `NAME.crt` and `NAME.key`, issued by the CA (or self-signed), and `NAME.pem` with both.
    func issue(_ name: String, subject: String, extensions: String, days: Int = 400, selfSigned: Bool = false) throws {
        try Data(extensions.utf8).write(to: URL(fileURLWithPath: path("\(name).cnf")))
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr",
                     "-subj", subject])
        let signer = selfSigned ? ["-signkey", "\(name).key"] : ["-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"]
        try openssl(["x509", "-req", "-in", "\(name).csr"] + signer + ["-out", "\(name).crt", "-days", String(days),
                                                                        "-extfile", "\(name).cnf"])
        try join(["\(name).crt", "\(name).key"], into: "\(name).pem")
    }

    func join(_ files: [String], into name: String) throws {
        let joined = try files.map { try Data(contentsOf: URL(fileURLWithPath: path($0))) }.reduce(Data(), +)
        try joined.write(to: URL(fileURLWithPath: path(name)))
    }

    func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExternalProcess.find("openssl") ?? "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")) failed")
    }
}
