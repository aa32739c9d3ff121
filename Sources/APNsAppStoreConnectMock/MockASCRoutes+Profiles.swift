import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Profiles: made with the App ID's capabilities of the moment (aps-environment only when it has
/// PUSH_NOTIFICATIONS), signed by the mock's CA.
extension MockASCRoutes {
    static let profileTypes: Set<String> = [
        "IOS_APP_DEVELOPMENT", "IOS_APP_STORE", "IOS_APP_ADHOC", "IOS_APP_INHOUSE", "MAC_APP_DEVELOPMENT",
        "MAC_APP_STORE", "MAC_APP_DIRECT", "TVOS_APP_DEVELOPMENT", "TVOS_APP_STORE", "TVOS_APP_ADHOC",
        "TVOS_APP_INHOUSE", "MAC_CATALYST_APP_DEVELOPMENT", "MAC_CATALYST_APP_STORE", "MAC_CATALYST_APP_DIRECT",
    ]

    private static let profileFilters: Set<String> = ["filter[name]", "filter[profileState]", "filter[profileType]",
                                                      "filter[id]"]
    private static let profileIncludes: Set<String> = ["bundleId", "certificates", "devices"]
    private static let profileSorts: Set<String> = ["name", "profileType", "profileState", "id"]

    func listProfiles(_ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(filters: Self.profileFilters, includes: Self.profileIncludes,
                                         sorts: Self.profileSorts) {
            return refusal
        }
        return profileCollection(state.profiles, state)
    }

    func profiles(ofBundleID id: String, _ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters() { return refusal }
        guard state.bundleIds.contains(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "bundleIds", id: id)
        }
        return profileCollection(state.profiles.filter { $0.bundleIdId == id }, state)
    }

    private func profileCollection(_ all: [MockASCState.Profile], _ state: MockASCState) -> MockASCResponse {
        var profiles = all
        if let names = filter("name") { profiles = profiles.filter { names.contains($0.name) } }
        if let types = filter("profileType") { profiles = profiles.filter { types.contains($0.profileType) } }
        if let states = filter("profileState") {
            profiles = profiles.filter { profile in
                states.contains(renderer.profile(profile, platform: "")["attributes"]?["profileState"]?.string ?? "")
            }
        }
        if let ids = filter("id") { profiles = profiles.filter { ids.contains($0.id) } }
        profiles = sorted(profiles) { profile, field in
            switch field {
            case "name": return profile.name
            case "profileType": return profile.profileType
            case "profileState": return profile.profileState ?? "ACTIVE"
            default: return profile.id
            }
        }
        return renderer.collection(profiles.map { render($0, state) }, request: request,
                                   included: profileIncludes(profiles, state))
    }

    private func render(_ profile: MockASCState.Profile, _ state: MockASCState) -> JSONValue {
        renderer.profile(profile, platform: MockASCSigner.platform(profileType: profile.profileType), included: included)
    }

    /// The `included` resources `include` asks for, each once.
    private func profileIncludes(_ profiles: [MockASCState.Profile], _ state: MockASCState) -> [JSONValue] {
        var resources: [JSONValue] = []
        var seen: Set<String> = []
        func add(_ key: String, _ resource: @autoclosure () -> JSONValue?) {
            guard !seen.contains(key), let value = resource() else { return }
            seen.insert(key)
            resources.append(value)
        }
        let include = included
        for profile in profiles {
            if include.contains("bundleId") {
                add("b" + profile.bundleIdId, state.bundleIds.first { $0.id == profile.bundleIdId }
                    .map { renderer.bundleID($0, teamID: state.teamID) })
            }
            if include.contains("certificates") {
                for id in profile.certificateIds ?? [] {
                    add("c" + id, state.certificates.first { $0.id == id }.map(renderer.certificate))
                }
            }
            if include.contains("devices") {
                for id in profile.deviceIds ?? [] {
                    add("d" + id, state.devices.first { $0.id == id }.map(renderer.device))
                }
            }
        }
        return resources
    }

    func profile(_ id: String, _ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(includes: Self.profileIncludes, collection: false) { return refusal }
        guard let profile = state.profiles.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "profiles", id: id)
        }
        return .json(200, renderer.document(render(profile, state), path: request.path,
                                            included: profileIncludes([profile], state)))
    }

    func deleteProfile(_ id: String, _ state: inout MockASCState) -> MockASCResponse {
        guard let index = state.profiles.firstIndex(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "profiles", id: id)
        }
        state.profiles.remove(at: index)
        return .noContent()
    }

    /// `GET /v1/profiles/{id}/bundleId|certificates|devices`: the related resources.
    func related(_ name: String, ofProfile id: String, _ state: MockASCState) -> MockASCResponse {
        guard let profile = state.profiles.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "profiles", id: id)
        }
        switch name {
        case "bundleId":
            if let refusal = checkParameters(collection: false) { return refusal }
            guard let bundle = state.bundleIds.first(where: { $0.id == profile.bundleIdId }) else {
                return MockASCErrors.notFound(type: "bundleIds", id: profile.bundleIdId)
            }
            return .json(200, renderer.document(renderer.bundleID(bundle, teamID: state.teamID), path: request.path))
        case "certificates":
            if let refusal = checkParameters() { return refusal }
            let ids = profile.certificateIds ?? []
            return renderer.collection(state.certificates.filter { ids.contains($0.id) }.map(renderer.certificate),
                                       request: request)
        default:
            if let refusal = checkParameters() { return refusal }
            let ids = profile.deviceIds ?? []
            return renderer.collection(state.devices.filter { ids.contains($0.id) }.map(renderer.device),
                                       request: request)
        }
    }

    /// `GET /v1/profiles/{id}/relationships/bundleId|certificates|devices`: the linkages only.
    func linkages(_ name: String, ofProfile id: String, _ state: MockASCState) -> MockASCResponse {
        guard let profile = state.profiles.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "profiles", id: id)
        }
        let links: JSONValue = .object([
            "self": .string(renderer.base + request.path),
            "related": .string("\(renderer.base)/v1/profiles/\(id)/\(name)"),
        ])
        switch name {
        case "bundleId":
            if let refusal = checkParameters(collection: false) { return refusal }
            return .json(200, .object(["data": renderer.linkage("bundleIds", profile.bundleIdId), "links": links]))
        case "certificates", "devices":
            if let refusal = checkParameters() { return refusal }
            let ids = (name == "certificates" ? profile.certificateIds : profile.deviceIds) ?? []
            var page = renderer.collection(ids.map { renderer.linkage(name, $0) }, request: request)
            if case .object(var members)? = page.json, page.status == 200 {
                members["links"] = links.object.map { base in
                    .object(base.merging(members["links"]?.object ?? [:]) { _, paging in paging })
                } ?? links
                page = .json(200, .object(members))
            }
            return page
        default:
            return MockASCErrors.noSuchPath(request.path)
        }
    }
}
