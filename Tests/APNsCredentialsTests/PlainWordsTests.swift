import APNsCore
@testable import APNsCredentials
import Foundation
import Testing

/// Issue 19: library internals leaked into messages ("swift-certificates refused it (incorrectParameterSize)",
/// "ASN1Identifier(tagNumber: 12…)", "(truncatedASN1Field)"). Every reason is said in plain words.
@Suite struct PlainWordsTests {
    static let internals = ["ASN1", "tagNumber", "incorrectParameterSize", "swift-certificates", "Error("]

    static func plain(_ text: String) -> Bool { !internals.contains { text.contains($0) } }

    @Test func aWeakKeyCertificateSaysWhyInPlainWords() throws {
        let bundle = try CredentialReader().read(path: LenientReaderTests.path("rsa1024.pem"))
        let warnings = bundle.warnings
        #expect(warnings.contains { $0.contains("read with OpenSSL: the stricter certificate library refused it (") })
        #expect(warnings.allSatisfy(Self.plain), "\(warnings)")
    }

    @Test func aMalformedTopicsExtensionSaysWhyInPlainWords() throws {
        let error = try #require(try Fixtures.certificate("malformed-topics.pem").topicsError)
        #expect(Self.plain(error), "\(error)")
        // A topic that is an INTEGER instead of a UTF8String names the tag as people know it.
        let integerTopic: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x05]
        let wrongTag = #expect(throws: (any Error).self) { try APNsTopic.decodeExtension(integerTopic[...]) }
        let text = "\(wrongTag.map { String(describing: $0) } ?? "")"
        #expect(text.contains("an INTEGER"), "\(text)")
        #expect(Self.plain(text), "\(text)")
    }

    @Test func truncatedDERSaysItIsCutShort() throws {
        let der = try Fixtures.bytes("dev.cer")
        let error = #expect(throws: APNsError.self) {
            try CredentialReader().read(bytes: Array(der.prefix(der.count - 40)), name: "cut.cer")
        }
        #expect(error?.message == "cut.cer: truncated or malformed DER (it ends in the middle of a field)")
    }
}
