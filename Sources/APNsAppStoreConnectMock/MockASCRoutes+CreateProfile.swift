import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MockASCRoutes {
    /// `POST /v1/profiles`: name, profileType; bundleId and certificates required, devices optional. A name already
    /// used answers 409 as Apple does ("Multiple profiles found with the name …").
    func createProfile(_ state: inout MockASCState) -> MockASCResponse {
        let data: [String: JSONValue], name: String, type: String
        switch body(ofType: "profiles") {
        case .success(let value): data = value
        case .failure(let response): return response
        }
        switch (attribute("name", in: data), attribute("profileType", in: data, oneOf: Self.profileTypes)) {
        case (.success(let n), .success(let t)): (name, type) = (n, t)
        case (.failure(let response), _), (_, .failure(let response)): return response
        }
        guard let bundleID = relationshipIDs("bundleId", in: data)?.first else { return required("bundleId") }
        guard let certificateIDs = relationshipIDs("certificates", in: data) else { return required("certificates") }
        let deviceIDs = relationshipIDs("devices", in: data) ?? []
        guard let bundle = state.bundleIds.first(where: { $0.id == bundleID }) else {
            return MockASCErrors.relationship("There is no bundleIds resource with id '\(bundleID)'.",
                                              pointer: "/data/relationships/bundleId")
        }
        if let missing = certificateIDs.first(where: { id in !state.certificates.contains { $0.id == id } }) {
            return MockASCErrors.relationship("There is no certificates resource with id '\(missing)'.",
                                              pointer: "/data/relationships/certificates")
        }
        if let missing = deviceIDs.first(where: { id in !state.devices.contains { $0.id == id } }) {
            return MockASCErrors.relationship("There is no devices resource with id '\(missing)'.",
                                              pointer: "/data/relationships/devices")
        }
        if let existing = state.profiles.first(where: { $0.name == name }) {
            return MockASCErrors.attribute("Multiple profiles found with the name '\(name)'. Please remove the "
                                           + "duplicate profiles and try again. (profiles \(existing.id))",
                                           pointer: "/data/attributes/name")
        }
        let push = bundle.capabilities?.contains { $0.capabilityType == "PUSH_NOTIFICATIONS" } ?? false
        let aps = push ? MockASCSigner.apsEnvironment(profileType: type) : nil
        let created = renderer.now
        let expires = created.addingTimeInterval(MockASCSigner.profileLifetime)
        let udids = deviceIDs.compactMap { id in state.devices.first { $0.id == id }?.udid }
        let made: (content: String, uuid: String)
        do {
            made = try signer.profileContent(name: name, teamID: state.teamID, bundleID: bundle.identifier,
                                             apsEnvironment: aps, created: created, expires: expires, devices: udids)
        } catch {
            return MockASCErrors.unexpected()
        }
        let profile = MockASCState.Profile(
            id: MockASCIdentifier.make(), name: name, profileType: type, profileState: "ACTIVE", uuid: made.uuid,
            createdDate: MockASCDate.text(created), expirationDate: MockASCDate.text(expires), bundleIdId: bundle.id,
            certificateIds: certificateIDs, deviceIds: deviceIDs, apsEnvironment: aps, profileContent: made.content)
        state.profiles.append(profile)
        return .json(201, renderer.document(renderer.profile(profile, platform: MockASCSigner.platform(profileType: type)),
                                            path: "/v1/profiles/\(profile.id)"))
    }

    private func required(_ relationship: String) -> MockASCResponse {
        .error(409, code: "ENTITY_ERROR.RELATIONSHIP.REQUIRED",
               title: "The provided entity is missing a required relationship",
               detail: "You must provide a value for the relationship '\(relationship)' with this request",
               source: .object(["pointer": .string("/data/relationships/\(relationship)")]))
    }
}
