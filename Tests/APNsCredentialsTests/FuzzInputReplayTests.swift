import APNsCore
import APNsCredentials
import Foundation
import Testing
import TestSupport

/// The fuzz targets' kept inputs (seeds and crash regressions) replayed through the credential reader and the
/// topics decoder: every input either reads or fails with a typed error that has a message and a hint.
struct FuzzInputReplayTests {
    @Test func credentialReaderInputsReadOrFailWithAReasonAndAHint() throws {
        let inputs = FuzzInputs.files("fuzz-credential-reader")
        #expect(inputs.count >= 15)
        var read = Set<String>()
        for (name, bytes) in inputs {
            do {
                let bundle = try CredentialReader(password: { "fuzz" }).parse(bytes)
                let report = InspectionReport(file: name, bundle: bundle, now: Date(timeIntervalSince1970: 1_800_000_000))
                #expect(!report.text.isEmpty)
                #expect(!(try JSONEncoder().encode(report)).isEmpty)
                read.insert(name)
            } catch let error as CredentialError {
                let shown = error.apnsError(file: name)
                #expect(shown.message.hasPrefix(name + ": ") && (!shown.hint.isEmpty || shown.remedy != nil), "\(name): \(shown.message)")
            }
        }
        // The plain fixtures among the seeds read; the encrypted ones fail on the password, not on the format.
        for name in ["dev.pem", "dev.cer", "dev-bundle.pem", "rsa1024.pem", "ber.cer", "certs-only-nomac.p12"] {
            #expect(read.contains("corpus/" + name), "\(name) did not read")
        }
    }

    @Test func topicsInputsDecodeOrThrow() {
        let inputs = FuzzInputs.files("fuzz-topics")
        #expect(inputs.count >= 3)
        var decoded = 0
        for (_, bytes) in inputs {
            if (try? APNsTopic.decodeExtension(bytes[...])) != nil { decoded += 1 }
        }
        #expect(decoded >= 2)
    }
}
