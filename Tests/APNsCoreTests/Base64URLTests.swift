import APNsCore
import Foundation
import Testing

@Suite struct Base64URLTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 31, 32, 33, 64, 255])
    func roundTripsEveryLength(length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let text = Base64URL.encode(bytes)
        #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
        #expect(Base64URL.decode(text) == bytes)
        // Agrees with Foundation's base64 after the URL-safe substitutions.
        let foundation = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(text == foundation)
        // The generic path (slices, Data) agrees with the specialised one.
        #expect(Base64URL.encode(bytes[...]) == text)
        #expect(Base64URL.encode(Data(bytes)) == text)
    }

    @Test func rejectsCharactersOutsideTheAlphabet() {
        #expect(Base64URL.decode("ab+c") == nil)
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("ab c") == nil)
        #expect(Base64URL.decode("ab/c") == nil)
    }

    @Test func toleratesPadding() {
        #expect(Base64URL.decode("QQ==") == [65])
        #expect(Base64URL.decode("QQ") == [65])
        #expect(Base64URL.decode("-_8BAg") == [0xFB, 0xFF, 0x01, 0x02])
    }
}
