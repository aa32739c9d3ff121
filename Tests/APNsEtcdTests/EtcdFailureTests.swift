import APNsCore
@testable import APNsEtcd
import Testing

/// How the client sorts the gateway's error answers: move to the next member, authenticate again, or stop.
@Suite struct EtcdFailureTests {
    static func body(_ code: Int, _ message: String) -> [UInt8] {
        Array(#"{"error":"\#(message)","message":"\#(message)","code":\#(code)}"#.utf8)
    }

    @Test(arguments: [
        (14, "etcdserver: leader changed"), (14, "etcdserver: no leader"), (14, "etcdserver: request timed out"),
        (8, "etcdserver: too many requests"), (4, "context deadline exceeded"), (10, "etcdserver: request aborted"),
    ])
    func unavailableAnswersMoveToTheNextMember(code: Int, message: String) {
        let failure = EtcdFailure.gateway(body: Self.body(code, message), httpStatus: 503)
        #expect(failure.movesOn, "\(failure)")
        guard case .retryable(let sorted, let text) = failure else { Issue.record("\(failure)"); return }
        #expect(sorted == code && text == message)
    }

    @Test func authenticationAndPermissionAnswersStopWithTheirOwnExitCodes() {
        let endpoint = EtcdEndpoint(host: "127.0.0.1", port: 2379)
        let wrong = EtcdFailure.gateway(body: Self.body(3, "etcdserver: authentication failed, invalid user ID or password"), httpStatus: 400)
        #expect(!wrong.movesOn)
        #expect(wrong.apnsError(at: endpoint, user: "ops") == APNsError.badInput(
            "etcd 127.0.0.1:2379: authentication failed: wrong user or password (user ops)",
            hint: "check the etcd user and the password file or variable; `etcdctl user get USER` shows the user"))
        let none = EtcdFailure.gateway(body: Self.body(3, "etcdserver: user name is empty"), httpStatus: 400)
        #expect(none.apnsError(at: endpoint, user: nil).message.contains("requires a user and none was given"))
        let denied = EtcdFailure.gateway(body: Self.body(7, "etcdserver: permission denied"), httpStatus: 403)
        #expect(denied.apnsError(at: endpoint, user: "sender").status == .keystore)
        guard case .invalidToken = EtcdFailure.gateway(body: Self.body(16, "etcdserver: invalid auth token"), httpStatus: 401) else {
            Issue.record("an invalid token is not sorted as one")
            return
        }
    }

    @Test func answersThatAreNotTheGatewaysJSON() {
        #expect(EtcdFailure.gateway(body: [], httpStatus: 503).movesOn)
        let notEtcd = EtcdFailure.gateway(body: Array("404 page not found".utf8), httpStatus: 404)
        #expect(!notEtcd.movesOn)
        let error = notEtcd.apnsError(at: EtcdEndpoint(host: "::1", port: 8080), user: nil)
        #expect(error.status == .unreachable)
        #expect(error.message == "etcd [::1]:8080: the answer is not etcd's JSON gateway: HTTP 404: 404 page not found")
        let invalid = EtcdFailure.gateway(body: Self.body(3, "etcdserver: key is not provided"), httpStatus: 400)
        #expect(invalid.apnsError(at: EtcdEndpoint(host: "h", port: 1), user: nil).message
                == "etcd h:1: etcd refused the request: etcdserver: key is not provided (gRPC code 3)")
    }

    @Test func aPrefixEndsAtTheNextKeyAfterIt() {
        #expect(prefixRangeEnd(Array("/a/".utf8)) == Array("/a0".utf8))
        #expect(prefixRangeEnd([0x61, 0xff]) == [0x62])
        #expect(prefixRangeEnd([0xff, 0xff]) == [0])
        #expect(prefixRangeEnd([]) == [0])
    }
}
