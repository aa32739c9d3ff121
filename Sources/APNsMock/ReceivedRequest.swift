/// A request the mock received and what it answered: for assertions in tests.
public struct ReceivedRequest: Sendable, Equatable {
    /// The request as received.
    public var request: MockRequest
    /// The answer sent.
    public var response: MockResponse
    /// The log entry written for it.
    public var log: MockLogEntry
}
