import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The offset between the server's clock (its `Date` header) and this machine's.
public enum ClockOffset {
    /// Parses an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 IMF-fixdate).
    public static func parseHTTPDate(_ text: String) -> Date? {
        HTTPDate.parse(text)
    }

    /// Server time minus local time, in seconds: positive when this machine's clock is behind.
    ///
    /// The Date header has whole seconds and is stamped while the server answers, so offsets under a second or
    /// two are noise; `localReceived` is when the response headers arrived here.
    public static func offset(serverDate: Date, localReceived: Date) -> Double {
        serverDate.timeIntervalSince(localReceived)
    }

    /// The offset implied by an HTTP Date header, or nil when there is none or it does not parse.
    public static func offset(dateHeader: String?, localReceived: Date?) -> Double? {
        guard let dateHeader, let localReceived, let server = parseHTTPDate(dateHeader) else { return nil }
        return offset(serverDate: server, localReceived: localReceived)
    }

    /// "3 s behind", "2 min 5 s ahead", "in step" for people.
    public static func describe(_ offset: Double) -> String {
        if Int(abs(offset).rounded()) < 2 { return "in step (within the Date header's 1 s resolution)" }
        return offset > 0 ? "\(span(offset)) behind the server" : "\(span(offset)) ahead of the server"
    }

    /// "45 s", "2 min 5 s": the size of an offset, whatever its sign.
    public static func span(_ seconds: Double) -> String {
        let magnitude = Int(abs(seconds).rounded())
        return magnitude >= 60 ? "\(magnitude / 60) min \(magnitude % 60) s" : "\(magnitude) s"
    }

    /// An offset this large makes provider tokens look stale or from the future to APNs.
    public static func isSkewed(_ offset: Double) -> Bool { abs(offset) >= 60 }
}
