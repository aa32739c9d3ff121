import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bundle ids and their capabilities.
extension MockASCRoutes {
    static let platforms: Set<String> = ["IOS", "MAC_OS", "UNIVERSAL", "SERVICES"]
    static let capabilityTypes: Set<String> = [
        "ICLOUD", "IN_APP_PURCHASE", "GAME_CENTER", "PUSH_NOTIFICATIONS", "WALLET", "INTER_APP_AUDIO", "MAPS",
        "ASSOCIATED_DOMAINS", "PERSONAL_VPN", "APP_GROUPS", "HEALTHKIT", "HOMEKIT", "WIRELESS_ACCESSORY_CONFIGURATION",
        "APPLE_PAY", "DATA_PROTECTION", "SIRIKIT", "NETWORK_EXTENSIONS", "MULTIPATH", "HOT_SPOT", "NFC_TAG_READING",
        "CLASSKIT", "AUTOFILL_CREDENTIAL_PROVIDER", "ACCESS_WIFI_INFORMATION", "NETWORK_CUSTOM_PROTOCOL",
        "COREMEDIA_HLS_LOW_LATENCY", "SYSTEM_EXTENSION_INSTALL", "USER_MANAGEMENT", "APPLE_ID_AUTH",
    ]

    func listBundleIDs(_ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(filters: ["filter[identifier]", "filter[name]", "filter[platform]",
                                                   "filter[seedId]", "filter[id]"],
                                         includes: ["bundleIdCapabilities", "profiles", "app"],
                                         sorts: ["name", "platform", "identifier", "seedId", "id"]) {
            return refusal
        }
        var bundles = state.bundleIds
        // filter[identifier] matches identifiers that contain the value, not only the equal one (as Apple's does:
        // a client must pick the exact match itself).
        if let identifiers = filter("identifier") {
            bundles = bundles.filter { bundle in identifiers.contains { bundle.identifier.contains($0) } }
        }
        if let names = filter("name") { bundles = bundles.filter { names.contains($0.name) } }
        if let platforms = filter("platform") { bundles = bundles.filter { platforms.contains($0.platform) } }
        if let seeds = filter("seedId") { bundles = bundles.filter { seeds.contains($0.seedId ?? state.teamID) } }
        if let ids = filter("id") { bundles = bundles.filter { ids.contains($0.id) } }
        bundles = sorted(bundles) { bundle, field in
            switch field {
            case "name": return bundle.name
            case "platform": return bundle.platform
            case "identifier": return bundle.identifier
            case "seedId": return bundle.seedId ?? state.teamID
            default: return bundle.id
            }
        }
        let include = included
        return renderer.collection(bundles.map { renderer.bundleID($0, teamID: state.teamID, included: include) },
                                   request: request, included: bundleIncludes(bundles, state))
    }

    private func bundleIncludes(_ bundles: [MockASCState.BundleID], _ state: MockASCState) -> [JSONValue] {
        var resources: [JSONValue] = []
        if included.contains("bundleIdCapabilities") {
            resources += bundles.flatMap { bundle in (bundle.capabilities ?? []).map { renderer.capability(bundle, $0) } }
        }
        return resources
    }

    func bundleID(_ id: String, _ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(includes: ["bundleIdCapabilities", "profiles", "app"], collection: false) {
            return refusal
        }
        guard let bundle = state.bundleIds.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "bundleIds", id: id)
        }
        return .json(200, renderer.document(renderer.bundleID(bundle, teamID: state.teamID, included: included),
                                            path: request.path, included: bundleIncludes([bundle], state)))
    }

    func createBundleID(_ state: inout MockASCState) -> MockASCResponse {
        let data: [String: JSONValue], identifier: String, name: String, platform: String
        switch body(ofType: "bundleIds") {
        case .success(let value): data = value
        case .failure(let response): return response
        }
        switch (attribute("identifier", in: data), attribute("name", in: data),
                attribute("platform", in: data, oneOf: Self.platforms)) {
        case (.success(let i), .success(let n), .success(let p)): (identifier, name, platform) = (i, n, p)
        case (.failure(let response), _, _), (_, .failure(let response), _), (_, _, .failure(let response)):
            return response
        }
        if let existing = state.bundleIds.first(where: { $0.identifier.lowercased() == identifier.lowercased() }) {
            return MockASCErrors.attribute("An App ID with Identifier '\(identifier)' is not available. Please enter "
                                           + "a different string. (bundleIds \(existing.id))",
                                           pointer: "/data/attributes/identifier")
        }
        let bundle = MockASCState.BundleID(id: MockASCIdentifier.make(), identifier: identifier, name: name,
                                           platform: platform, seedId: data["attributes"]?["seedId"]?.string ?? state.teamID,
                                           capabilities: [])
        state.bundleIds.append(bundle)
        return .json(201, renderer.document(renderer.bundleID(bundle, teamID: state.teamID),
                                            path: "/v1/bundleIds/\(bundle.id)"))
    }

    func capabilities(ofBundleID id: String, _ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters() { return refusal }
        guard let bundle = state.bundleIds.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "bundleIds", id: id)
        }
        return renderer.collection((bundle.capabilities ?? []).map { renderer.capability(bundle, $0) }, request: request)
    }

    func enableCapability(_ state: inout MockASCState) -> MockASCResponse {
        let data: [String: JSONValue], type: String
        switch body(ofType: "bundleIdCapabilities") {
        case .success(let value): data = value
        case .failure(let response): return response
        }
        switch attribute("capabilityType", in: data, oneOf: Self.capabilityTypes) {
        case .success(let value): type = value
        case .failure(let response): return response
        }
        guard let bundleID = relationshipIDs("bundleId", in: data)?.first else {
            return .error(409, code: "ENTITY_ERROR.RELATIONSHIP.REQUIRED",
                          title: "The provided entity is missing a required relationship",
                          detail: "You must provide a value for the relationship 'bundleId' with this request",
                          source: .object(["pointer": "/data/relationships/bundleId"]))
        }
        guard let index = state.bundleIds.firstIndex(where: { $0.id == bundleID }) else {
            return MockASCErrors.relationship("There is no bundleIds resource with id '\(bundleID)'.",
                                              pointer: "/data/relationships/bundleId")
        }
        var bundle = state.bundleIds[index]
        if let existing = bundle.capabilities?.first(where: { $0.capabilityType == type }) {
            return MockASCErrors.attribute("The capability '\(type)' is already enabled for bundle id "
                                           + "'\(bundle.identifier)' (bundleIdCapabilities "
                                           + "\(renderer.capabilityID(bundle, existing))).",
                                           pointer: "/data/attributes/capabilityType")
        }
        let capability = MockASCState.Capability(capabilityType: type, settings: data["attributes"]?["settings"]
            .flatMap { $0 == .null ? nil : $0 })
        bundle.capabilities = (bundle.capabilities ?? []) + [capability]
        state.bundleIds[index] = bundle
        let id = renderer.capabilityID(bundle, capability)
        return .json(201, renderer.document(renderer.capability(bundle, capability),
                                            path: "/v1/bundleIdCapabilities/\(id)"))
    }

    func disableCapability(_ id: String, _ state: inout MockASCState) -> MockASCResponse {
        for index in state.bundleIds.indices {
            let bundle = state.bundleIds[index]
            if let position = bundle.capabilities?.firstIndex(where: { renderer.capabilityID(bundle, $0) == id }) {
                state.bundleIds[index].capabilities?.remove(at: position)
                return .noContent()
            }
        }
        return MockASCErrors.notFound(type: "bundleIdCapabilities", id: id)
    }
}
