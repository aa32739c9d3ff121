import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The endpoints, over the state. One value per request.
struct MockASCRoutes {
    static let resourceTypes: Set<String> = ["bundleIds", "bundleIdCapabilities", "devices", "certificates", "profiles"]

    let request: MockASCRequest
    /// The path's segments after /v1.
    let path: [String]
    let renderer: MockASCRenderer
    let signer: MockASCSigner

    func route(_ state: inout MockASCState) -> MockASCResponse {
        let method = request.method
        switch path.count {
        case 1:
            switch (path[0], method) {
            case ("bundleIds", "GET"): return listBundleIDs(state)
            case ("bundleIds", "POST"): return createBundleID(&state)
            case ("bundleIdCapabilities", "POST"): return enableCapability(&state)
            case ("devices", "GET"): return listDevices(state)
            case ("devices", "POST"): return createDevice(&state)
            case ("certificates", "GET"): return listCertificates(state)
            case ("certificates", "POST"): return createCertificate(&state)
            case ("profiles", "GET"): return listProfiles(state)
            case ("profiles", "POST"): return createProfile(&state)
            default: return MockASCErrors.methodNotAllowed(method, path[0])
            }
        case 2:
            let id = path[1]
            switch (path[0], method) {
            case ("bundleIds", "GET"): return bundleID(id, state)
            case ("bundleIdCapabilities", "DELETE"): return disableCapability(id, &state)
            case ("devices", "GET"): return device(id, state)
            case ("certificates", "GET"): return certificate(id, state)
            case ("certificates", "DELETE"): return revokeCertificate(id, &state)
            case ("profiles", "GET"): return profile(id, state)
            case ("profiles", "DELETE"): return deleteProfile(id, &state)
            default: return MockASCErrors.methodNotAllowed(method, path[0])
            }
        case 3 where method == "GET":
            switch (path[0], path[2]) {
            case ("bundleIds", "bundleIdCapabilities"): return capabilities(ofBundleID: path[1], state)
            case ("bundleIds", "profiles"): return profiles(ofBundleID: path[1], state)
            case ("profiles", "bundleId"), ("profiles", "certificates"), ("profiles", "devices"):
                return related(path[2], ofProfile: path[1], state)
            default: return MockASCErrors.noSuchPath(request.path)
            }
        case 4 where method == "GET" && path[0] == "profiles" && path[2] == "relationships":
            return linkages(path[3], ofProfile: path[1], state)
        case 3, 4:
            return MockASCErrors.methodNotAllowed(method, path[0])
        default:
            return MockASCErrors.noSuchPath(request.path)
        }
    }

    // MARK: query parameters

    /// nil when every parameter is one the endpoint takes (its `filters`, `fields[…]`, `limit`, `limit[…]`,
    /// `cursor`, `include` among `includes`, `sort` among `sorts`); else Apple's 400.
    func checkParameters(filters: Set<String> = [], includes: Set<String> = [], sorts: Set<String> = [],
                         collection: Bool = true) -> MockASCResponse? {
        for (name, value) in request.query {
            if name.hasPrefix("fields[") { continue }
            if collection, name == "limit" || name == "cursor" || name.hasPrefix("limit[") { continue }
            if name == "include", !includes.isEmpty {
                if let bad = value.split(separator: ",").first(where: { !includes.contains(String($0)) }) {
                    return MockASCErrors.parameter("include", "'\(bad)' is not a valid relationship name")
                }
                continue
            }
            if name == "sort", collection, !sorts.isEmpty {
                if let bad = value.split(separator: ",").first(where: { !sorts.contains(String($0.drop { $0 == "-" })) }) {
                    return MockASCErrors.parameter("sort", "'\(bad)' is not a valid sort field")
                }
                continue
            }
            if collection, filters.contains(name) { continue }
            return MockASCErrors.parameter(name, "The parameter '\(name)' can not be used with this request",
                                           code: "PARAMETER_ERROR.ILLEGAL")
        }
        return nil
    }

    /// The values of `filter[name]` (comma-separated), or nil when absent.
    func filter(_ name: String) -> [String]? {
        request.parameter("filter[\(name)]").map { $0.split(separator: ",").map(String.init) }
    }

    var included: Set<String> {
        Set((request.parameter("include") ?? "").split(separator: ",").map(String.init))
    }

    /// Sorts by the `sort` parameter's first field (a leading `-`: descending), reading it with `key`.
    func sorted<T>(_ items: [T], key: (T, String) -> String) -> [T] {
        guard let field = request.parameter("sort")?.split(separator: ",").first else { return items }
        let descending = field.hasPrefix("-")
        let name = String(field.drop { $0 == "-" })
        return items.sorted { descending ? key($0, name) > key($1, name) : key($0, name) < key($1, name) }
    }

    // MARK: request bodies

    /// The body's `data` object, checked to be of `type`; else Apple's 422 (or 409 for a wrong type).
    func body(ofType type: String) -> Result<[String: JSONValue], MockASCResponse> {
        guard let document = JSONValue(parsing: request.body)?.object else {
            return .failure(MockASCErrors.invalidBody("The request entity is not a JSON document.", pointer: ""))
        }
        guard let data = document["data"]?.object else {
            return .failure(MockASCErrors.invalidBody("The request entity has no 'data' object."))
        }
        guard data["type"]?.string == type else {
            return .failure(.error(409, code: "ENTITY_ERROR.TYPE.INVALID", title: "The provided entity is invalid.",
                                   detail: "The resource type must be '\(type)'.",
                                   source: .object(["pointer": "/data/type"])))
        }
        return .success(data)
    }

    /// A required string attribute, or Apple's 409 ENTITY_ERROR.ATTRIBUTE.REQUIRED / .INVALID.
    func attribute(_ name: String, in data: [String: JSONValue], oneOf allowed: Set<String>? = nil)
        -> Result<String, MockASCResponse> {
        guard let value = data["attributes"]?[name]?.string, !value.isEmpty else {
            return .failure(.error(409, code: "ENTITY_ERROR.ATTRIBUTE.REQUIRED",
                                   title: "The provided entity is missing a required attribute",
                                   detail: "You must provide a value for the attribute '\(name)' with this request",
                                   source: .object(["pointer": .string("/data/attributes/\(name)")])))
        }
        if let allowed, !allowed.contains(value) {
            return .failure(MockASCErrors.attribute("'\(value)' is not a valid value for the attribute '\(name)'.",
                                                    pointer: "/data/attributes/\(name)"))
        }
        return .success(value)
    }

    /// The ids of a relationship's `data` (one or many); nil when absent.
    func relationshipIDs(_ name: String, in data: [String: JSONValue]) -> [String]? {
        guard let linkage = data["relationships"]?[name]?["data"] else { return nil }
        if let many = linkage.array { return many.compactMap { $0["id"]?.string } }
        return linkage["id"]?.string.map { [$0] }
    }
}
