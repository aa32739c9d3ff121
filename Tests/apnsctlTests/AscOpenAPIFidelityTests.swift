import Foundation
import Testing

/// The fidelity tools of issue 41 §4 (docs/asc-fidelity.md): the vendored subset of Apple's App Store Connect
/// OpenAPI specification (Tests/Fixtures/appstoreconnect/openapi.json) and the validator that holds a `mock asc
/// --log` file to it (Tests/Interop/asc_validate.py, openapi-core), checked on hand-made exchanges: the good ones
/// pass, each bad one is named.
@Suite(.enabled(if: AscFidelity.hasValidator, "needs python3 with openapi-core (make test-deps)"))
struct AscOpenAPIFidelityTests {
    @Test func theVendoredSubsetIsAValidSelfContainedOpenAPIDocumentOfApplesSpec() throws {
        let result = try AscFidelity.validator(["--check-spec", AscFidelity.spec])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("App Store Connect API 4.4.1"), "\(result.output)")
        // A subset that lost a schema it references is refused.
        let directory = CLI.temporaryDirectory("asc-spec")
        defer { try? FileManager.default.removeItem(at: directory) }
        var spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: AscFidelity.spec)))
            as? [String: Any])
        var components = try #require(spec["components"] as? [String: Any])
        var schemas = try #require(components["schemas"] as? [String: Any])
        #expect(schemas.removeValue(forKey: "PagingInformation") != nil)
        components["schemas"] = schemas
        spec["components"] = components
        let broken = directory.appendingPathComponent("broken.json")
        try JSONSerialization.data(withJSONObject: spec).write(to: broken)
        let refused = try AscFidelity.validator(["--check-spec", broken.path])
        #expect(refused.status == 1 && refused.output.contains("PagingInformation"), "\(refused.output)")
    }

    /// extract_subset.py, run on the subset, gives the subset back byte for byte: the committed file is the
    /// script's output, and the script keeps everything a kept path references.
    @Test func theExtractionScriptReproducesTheSubset() throws {
        let directory = CLI.temporaryDirectory("asc-extract")
        defer { try? FileManager.default.removeItem(at: directory) }
        let again = directory.appendingPathComponent("openapi.json").path
        let script = CLI.fixtures.appendingPathComponent("appstoreconnect/extract_subset.py").path
        let result = try CLI.tool("/usr/bin/python3", [script, AscFidelity.spec, again])
        #expect(result.status == 0, "\(result.output)")
        let original = try Data(contentsOf: URL(fileURLWithPath: AscFidelity.spec))
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == original)
    }

    @Test func applesShapesPass() throws {
        let result = try AscFidelity.validate(lines: AscExchanges.good)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\(AscExchanges.good.count) exchange(s), 0 violation(s)"), "\(result.output)")
    }

    @Test(arguments: AscExchanges.bad)
    func aDriftFromApplesShapesIsNamed(_ bad: AscExchanges.Bad) throws {
        let result = try AscFidelity.validate(lines: [bad.line])
        #expect(result.status == 1, "\(bad.what): \(result.output)")
        #expect(result.output.contains("VIOLATION"), "\(bad.what): \(result.output)")
        #expect(result.output.contains(bad.side), "\(bad.what): \(result.output)")
        #expect(result.output.contains(bad.reason), "\(bad.what): \(result.output)")
    }

    /// `--responses-only` judges the server's answers alone: a request made invalid on purpose is not a finding.
    @Test func responsesOnlyLeavesRequestsUnjudged() throws {
        let badRequest = try #require(AscExchanges.bad.first { $0.side == "request (the client's)" })
        let result = try AscFidelity.validate(lines: [badRequest.line], flags: ["--responses-only"])
        #expect(result.status == 0, "\(result.output)")
        let garbage = try AscFidelity.validate(lines: ["{\"method\": \"GET\"}"])
        #expect(garbage.status == 1 && garbage.output.contains("not an exchange"), "\(garbage.output)")
    }
}

/// Hand-made exchanges in the `mock asc --log` shape (contract C), one JSON object a line.
enum AscExchanges {
    static let links = #""links":{"self":"https://api.appstoreconnect.apple.com/v1/bundleIds"}"#
    static let bundleID = #"{"type":"bundleIds","id":"B1","attributes":{"identifier":"com.example.app","name":"Example","platform":"IOS","seedId":"TEAM123456"},"links":{"self":"https://api.appstoreconnect.apple.com/v1/bundleIds/B1"}}"#
    static let capabilityRequest = #"{"data":{"type":"bundleIdCapabilities","attributes":{"capabilityType":"PUSH_NOTIFICATIONS"},"relationships":{"bundleId":{"data":{"type":"bundleIds","id":"B1"}}}}}"#
    static let notFound = #"{"errors":[{"id":"e1","status":"404","code":"NOT_FOUND","title":"The specified resource does not exist","detail":"There is no resource of type 'bundleIds' with id 'B9'"}]}"#
    static let profile = #"{"type":"profiles","id":"P1","attributes":{"name":"Example Dev","platform":"IOS","profileType":"IOS_APP_DEVELOPMENT","profileState":"ACTIVE","uuid":"6C1B5F4A-0000-4000-8000-000000000001","createdDate":"2026-01-02T03:04:05.000Z","expirationDate":"2027-01-02T03:04:05.000Z","profileContent":"AAAA"}}"#

    static let good: [String] = [
        #"{"method":"GET","path":"/v1/bundleIds","query":"filter[identifier]=com.example.app&limit=200","request_body":null,"status":200,"content_type":"application/json","response_body":{"data":[\#(bundleID)],\#(links),"meta":{"paging":{"total":1,"limit":200}}}}"#,
        #"{"method":"POST","path":"/v1/bundleIdCapabilities","query":null,"request_body":\#(capabilityRequest),"status":201,"content_type":"application/json","response_body":{"data":{"type":"bundleIdCapabilities","id":"B1_PUSH_NOTIFICATIONS","attributes":{"capabilityType":"PUSH_NOTIFICATIONS"}},\#(links)}}"#,
        #"{"method":"GET","path":"/v1/bundleIds/B9","query":{},"request_body":null,"status":404,"content_type":"application/json","response_body":\#(notFound)}"#,
        #"{"method":"GET","path":"/v1/profiles","query":{"filter[profileType]":["IOS_APP_DEVELOPMENT"],"limit":"200"},"request_body":null,"status":200,"content_type":"application/json; charset=utf-8","response_body":{"data":[\#(profile)],\#(links)}}"#,
        #"{"method":"DELETE","path":"/v1/profiles/P1","query":null,"request_body":null,"status":204,"content_type":null,"response_body":null}"#,
    ]

    struct Bad: Sendable, CustomTestStringConvertible {
        var what: String
        var side: String
        var reason: String
        var line: String
        var testDescription: String { what }
    }

    static let response = "response (the server's)", request = "request (the client's)"
    static let bad: [Bad] = [
        Bad(what: "a platform outside BundleIdPlatform", side: response, reason: "'ANDROID' is not one of",
            line: #"{"method":"GET","path":"/v1/bundleIds","query":"","request_body":null,"status":200,"content_type":"application/json","response_body":{"data":[\#(bundleID.replacingOccurrences(of: "\"IOS\"", with: "\"ANDROID\""))],\#(links)}}"#),
        Bad(what: "a list without its links", side: response, reason: "'links' is a required property",
            line: #"{"method":"GET","path":"/v1/bundleIds","query":"","request_body":null,"status":200,"content_type":"application/json","response_body":{"data":[\#(bundleID)]}}"#),
        Bad(what: "an error without code and detail", side: response, reason: "'detail' is a required property",
            line: #"{"method":"GET","path":"/v1/bundleIds/B9","query":null,"request_body":null,"status":404,"content_type":"application/json","response_body":{"errors":[{"status":"404","title":"Not found"}]}}"#),
        Bad(what: "a status the operation does not document", side: response, reason: "418",
            line: #"{"method":"GET","path":"/v1/bundleIds/B9","query":null,"request_body":null,"status":418,"content_type":"application/json","response_body":\#(notFound)}"#),
        Bad(what: "an HTML answer where JSON is documented", side: response, reason: "text/html",
            line: #"{"method":"GET","path":"/v1/bundleIds","query":null,"request_body":null,"status":200,"content_type":"text/html","response_body":"<html>busy</html>"}"#),
        Bad(what: "a null attribute (the spec has no nullable)", side: response, reason: "None is not of type 'string'",
            line: #"{"method":"GET","path":"/v1/profiles","query":null,"request_body":null,"status":200,"content_type":"application/json","response_body":{"data":[\#(profile.replacingOccurrences(of: "\"AAAA\"", with: "null"))],\#(links)}}"#),
        Bad(what: "an unknown capability type in the request", side: request, reason: "'PUSH' is not one of",
            line: #"{"method":"POST","path":"/v1/bundleIdCapabilities","query":null,"request_body":\#(capabilityRequest.replacingOccurrences(of: "PUSH_NOTIFICATIONS", with: "PUSH")),"status":201,"content_type":"application/json","response_body":{"data":{"type":"bundleIdCapabilities","id":"B1_PUSH","attributes":{"capabilityType":"PUSH_NOTIFICATIONS"}},\#(links)}}"#),
        Bad(what: "a limit over the spec's maximum", side: request, reason: "greater than the maximum of 200",
            line: #"{"method":"GET","path":"/v1/profiles","query":"limit=5000","request_body":null,"status":200,"content_type":"application/json","response_body":{"data":[],\#(links)}}"#),
        Bad(what: "a path outside the spec", side: request, reason: "Path not found",
            line: #"{"method":"GET","path":"/v1/widgets","query":null,"request_body":null,"status":200,"content_type":"application/json","response_body":{"data":[]}}"#),
    ]
}

/// Where the fidelity tools are, and how the tests run them.
enum AscFidelity {
    static let spec = CLI.fixtures.appendingPathComponent("appstoreconnect/openapi.json").path
    static let script = CLI.repositoryRoot.appendingPathComponent("Tests/Interop/asc_validate.py").path

    static var hasValidator: Bool {
        ((try? CLI.tool("/usr/bin/python3", ["-c", "import openapi_core"]).status) ?? 1) == 0
    }

    static func validator(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try CLI.tool("/usr/bin/python3", [script] + arguments)
    }

    /// Runs the validator over a log holding `lines`.
    static func validate(lines: [String], flags: [String] = []) throws -> (status: Int32, output: String) {
        let directory = CLI.temporaryDirectory("asc-log")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("asc.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: log)
        return try validator([spec, log.path] + flags)
    }
}
