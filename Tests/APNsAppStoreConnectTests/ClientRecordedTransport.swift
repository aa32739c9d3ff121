@testable import APNsAppStoreConnect
import Synchronization

/// A transport that answers from a script of recorded answers and records what the client sent and how long it
/// was asked to wait (no request leaves the process, nothing sleeps).
final class RecordedTransport: AppStoreConnectTransport {
    private let state: Mutex<(answers: [AppStoreConnectHTTPResponse], sent: [AppStoreConnectHTTPRequest],
                              pauses: [Duration])>

    init(_ answers: [AppStoreConnectHTTPResponse]) {
        state = Mutex((answers, [], []))
    }

    var sent: [AppStoreConnectHTTPRequest] { state.withLock { $0.sent } }
    var pauses: [Duration] { state.withLock { $0.pauses } }

    func send(_ request: AppStoreConnectHTTPRequest) throws(AppStoreConnectError) -> AppStoreConnectHTTPResponse {
        let answer: AppStoreConnectHTTPResponse? = state.withLock { state in
            state.sent.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw .unreachable(url: request.url, detail: "no recorded answer left") }
        return answer
    }

    func pause(_ duration: Duration) {
        state.withLock { $0.pauses.append(duration) }
    }

    /// A client of `https://asc.test` over this transport, its token "TOKEN".
    func client(individualKey: Bool = false) -> AppStoreConnectClient {
        AppStoreConnectClient(baseURL: "https://asc.test/", caFile: nil, deadline: .seconds(30),
                              individualKey: individualKey, token: { "TOKEN" }, transport: self)
    }
}

/// A JSON answer.
func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> AppStoreConnectHTTPResponse {
    var fields = headers
    fields["content-type"] = "application/json"
    return AppStoreConnectHTTPResponse(status: status, headers: fields, body: Array(text.utf8))
}

/// Apple's error answer with one error.
func appleError(_ status: Int, code: String, title: String, detail: String, pointer: String? = nil,
                headers: [String: String] = [:]) -> AppStoreConnectHTTPResponse {
    let source = pointer.map { #", "source": {"pointer": "\#($0)"}"# } ?? ""
    return json(status, #"""
        {"errors": [{"id": "b2c7e0e2-0a2b-4a44-9c1e-6f0a9d2d0e11", "status": "\#(status)", "code": "\#(code)",
                     "title": "\#(title)", "detail": "\#(detail)"\#(source)}]}
        """#, headers: headers)
}
