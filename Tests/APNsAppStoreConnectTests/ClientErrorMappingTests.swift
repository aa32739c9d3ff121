@testable import APNsAppStoreConnect
import APNsCore
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's documented error answers ("Interpreting and Handling Errors", "Identifying Rate Limits") become the
/// typed `AppStoreConnectError` the command line words.
@Suite struct ClientErrorMappingTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let notAuthorized = (code: "NOT_AUTHORIZED", title: "Authentication credentials are missing or invalid.",
                                detail: "Provide a properly configured and signed bearer token, and make sure that it has not expired. Learn more about Generating Tokens for API Requests https://developer.apple.com/go/?id=api-generating-tokens")

    func map(_ answer: AppStoreConnectHTTPResponse, individualKey: Bool = false) -> AppStoreConnectError {
        AppStoreConnectErrorMapping.error(for: answer, path: "/v1/bundleIds", individualKey: individualKey,
                                          now: Self.now)
    }

    @Test func unauthorizedWithAgreeingClocksIsTheKeyOrIssuer() {
        let answer = appleError(401, code: Self.notAuthorized.code, title: Self.notAuthorized.title,
                                detail: Self.notAuthorized.detail,
                                headers: ["date": HTTPDate.format(Self.now.addingTimeInterval(3))])
        guard case .unauthorized(.keyOrIssuer, let errors) = map(answer) else {
            Issue.record("not a key or issuer refusal: \(map(answer))")
            return
        }
        #expect(errors.first?.code == "NOT_AUTHORIZED")
    }

    @Test func unauthorizedWithTheServerAnHourAheadIsTheClock() {
        let answer = appleError(401, code: Self.notAuthorized.code, title: Self.notAuthorized.title,
                                detail: Self.notAuthorized.detail,
                                headers: ["date": HTTPDate.format(Self.now.addingTimeInterval(3600))])
        guard case .unauthorized(.clockSkew(let seconds), _) = map(answer) else {
            Issue.record("not a clock skew: \(map(answer))")
            return
        }
        #expect(seconds == 3600)
    }

    @Test func forbiddenIsTheRoleUnlessTheKeyIsIndividual() {
        let answer = appleError(403, code: "FORBIDDEN_ERROR", title: "This request is forbidden for security reasons",
                                detail: "The API key in use does not allow this request")
        guard case .forbidden(.role, _) = map(answer) else {
            Issue.record("not the role: \(map(answer))")
            return
        }
        guard case .forbidden(.individualKey, _) = map(answer, individualKey: true) else {
            Issue.record("not the individual key: \(map(answer, individualKey: true))")
            return
        }
        let said = appleError(403, code: "FORBIDDEN_ERROR", title: "This request is forbidden for security reasons",
                              detail: "Individual API keys are not allowed to access this resource.")
        #expect(map(said) == .forbidden(.individualKey, errors: errorsOf(said)))
    }

    @Test func conflictNamesTheConflictingResource() {
        let answer = appleError(409, code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE",
                                title: "The provided entity includes an attribute with a value that has already been used",
                                detail: "The bundle ID 'com.example.app' is not available.",
                                pointer: "/data/attributes/identifier")
        guard case .conflict(let resource, _) = map(answer) else {
            Issue.record("not a conflict: \(map(answer))")
            return
        }
        #expect(resource.contains("com.example.app"))
    }

    @Test func notFoundCarriesThePath() {
        let answer = appleError(404, code: "NOT_FOUND", title: "The specified resource does not exist",
                                detail: "There is no resource of type 'profiles' with id 'XYZ'")
        #expect(map(answer) == .notFound(path: "/v1/bundleIds", errors: errorsOf(answer)))
    }

    @Test func rateLimitReadsRetryAfterInSecondsAndAsADate() {
        let seconds = appleError(429, code: "RATE_LIMIT_EXCEEDED", title: "The request rate limit has been reached.",
                                 detail: "We've received too many requests for this API. Please wait and try again or slow down your request rate.",
                                 headers: ["retry-after": "7"])
        #expect(map(seconds) == .rateLimited(retryAfter: .seconds(7), errors: errorsOf(seconds)))
        let dated = AppStoreConnectHTTPResponse(
            status: 429, headers: ["retry-after": HTTPDate.format(Self.now.addingTimeInterval(90))], body: [])
        #expect(map(dated) == .rateLimited(retryAfter: .seconds(90), errors: []))
    }

    @Test func anHTMLPageIsNotJSONWithItsStartOnOneLine() {
        let page = AppStoreConnectHTTPResponse(
            status: 502, headers: ["content-type": "text/html; charset=utf-8"],
            body: Array("<html>\n<head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>".utf8))
        guard case .notJSON(502, "text/html; charset=utf-8", let excerpt) = map(page) else {
            Issue.record("not an HTML answer: \(map(page))")
            return
        }
        #expect(excerpt.hasPrefix("<html> <head><title>502 Bad Gateway"))
        #expect(!excerpt.contains("\n"))
    }

    @Test func otherStatusesWithErrorsAreRejected() {
        let answer = appleError(422, code: "ENTITY_ERROR.ATTRIBUTE.INVALID", title: "An attribute value is invalid.",
                                detail: "'FOO' is not a valid value for profileType", pointer: "/data/attributes/profileType")
        #expect(map(answer) == .rejected(status: 422, errors: errorsOf(answer)))
        #expect(errorsOf(answer).first?.source?.pointer == "/data/attributes/profileType")
    }

    func errorsOf(_ answer: AppStoreConnectHTTPResponse) -> [AppStoreConnectAPIError] {
        (try? JSONDecoder().decode(ASCErrorDocument.self, from: Data(answer.body)).errors) ?? []
    }
}
