import APNsCore
import Foundation
import Testing

@Suite struct HTTPDateTests {
    @Test(arguments: [0, 784_111_777, 951_782_400, 1_795_324_335, 4_107_542_400, -86_400, 1_709_251_199])
    func formatsLikeFoundationAndParsesBack(seconds: Int) throws {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(HTTPDate.format(date) == formatter.string(from: date))
        #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
    }

    @Test func parsesRFC9110sExampleAndRefusesOtherForms() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        for text in ["", "yesterday", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
                     "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }
}
