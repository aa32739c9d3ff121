import Foundation
import TestSupport
import Testing

/// The words the CLI gives the certificate, profile and token use cases' typed errors (Errors+Certs.swift): the
/// `apnsctl: error:` line naming the file, the hint naming flags that exist, the exit status.
@Suite struct UseCaseErrorWordingTests {
    static let profile = CLI.fixtures.appendingPathComponent("provisioning/development.mobileprovision").path

    static let cases: [(arguments: [String], status: Int32, stderr: String)] = [
        (["cert", "verify", CertCLI.path("dev.pem"), "--key", CertCLI.path("prod.pem")], 3,
         "apnsctl: error: \(CertCLI.path("prod.pem")): holds no private key\n"
            + "apnsctl: hint: --cert-key takes the certificate's private key file\n"),
        (["cert", "verify", CertCLI.path("dev.pem"), "--ca", CertCLI.path("dev.key")], 3,
         "apnsctl: error: \(CertCLI.path("dev.key")): holds no certificate\n"
            + "apnsctl: hint: --ca takes a CA certificate (PEM or DER)\n"),
        (["profile", "verify", profile, "--cert", CertCLI.path("dev.key")], 3,
         "apnsctl: error: \(CertCLI.path("dev.key")): holds no certificate, only a private key\n"
            + "apnsctl: hint: --cert takes the push certificate (PEM, DER or .p12)\n"),
        (["profile", "inspect", profile, "--ca", CertCLI.path("dev.key")], 3,
         "apnsctl: error: \(CertCLI.path("dev.key")): holds no certificate\n"
            + "apnsctl: hint: --ca takes a CA certificate (PEM or DER)\n"),
    ]

    @Test(arguments: 0..<cases.count)
    func theErrorNamesTheFileAndAFlagThatExists(index: Int) throws {
        let (arguments, status, stderr) = Self.cases[index]
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(arguments)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == stderr)
    }

    @Test func aKeyIDGivenToTokenInspectAsAFileIsAUsageError() throws {
        let token = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJURUFNMTIzNDU2IiwiaWF0IjoxNzAwMDAwMDAwfQ.c2ln"
        let result = try CLI.run(["token", "inspect", token, "--key", "ABC123DEFG"])
        #expect(result.status == 2)
        #expect(result.stderr == "apnsctl: error: --key ABC123DEFG: no such file; --key names a key file\n"
                + "apnsctl: hint: a keystore key is --key-id ABC123DEFG\n")
    }
}
