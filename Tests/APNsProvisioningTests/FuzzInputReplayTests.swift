import APNsCore
import APNsProvisioning
import Foundation
import Testing
import TestSupport

/// The profile and CSR fuzz targets' kept inputs (seeds and crash regressions), replayed through the readers.
struct FuzzInputReplayTests {
    @Test func profileInputsReadOrFailWithAReason() throws {
        let inputs = FuzzInputs.files("fuzz-profile")
        #expect(inputs.count >= 5)
        var read = Set<String>()
        for (name, bytes) in inputs {
            do {
                let document = try ProfileReader().read(bytes: bytes, file: name)
                #expect(document.profile.teamID != nil, "\(name)")
                read.insert(name)
            } catch let error as ProfileError {
                #expect(!error.message.isEmpty, "\(name)")
            }
        }
        // A CMS-signed profile and the same plist in binary form both read.
        #expect(read.contains("corpus/development.mobileprovision"))
        #expect(read.contains("corpus/binary.plist"))
    }

    @Test func csrInputsReadOrFailWithAReasonAndAHint() throws {
        let inputs = FuzzInputs.files("fuzz-csr")
        #expect(inputs.count >= 4)
        var verified = 0
        for (name, bytes) in inputs {
            do {
                if let report = try CertificateRequestReport.read(bytes: bytes, file: name) {
                    #expect(!report.subject.isEmpty, "\(name)")
                    if report.signatureVerifies { verified += 1 }
                }
            } catch let error as APNsError {
                #expect(error.message.hasPrefix(name + ": ") && (!error.hint.isEmpty || error.remedy != nil), "\(name): \(error.message)")
            }
        }
        #expect(verified >= 4)
    }
}
