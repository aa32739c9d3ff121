import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The endpoints the provisioning verbs use, as Apple's OpenAPI specification defines them.
extension AppStoreConnectClient {
    /// The bundle ID whose identifier is exactly `identifier`, or nil (Apple's `filter[identifier]` also
    /// matches identifiers that merely contain it, so the answer is filtered again here).
    public func bundleID(identifier: String) throws -> BundleIDResource? {
        let found = try list("/v1/bundleIds", query: [("filter[identifier]", identifier), ("limit", "200")],
                             as: ASCBundleIDAttributes.self)
        return found.map(Self.bundleID).first { $0.identifier == identifier }
    }

    public func createBundleID(identifier: String, name: String, platform: String) throws -> BundleIDResource {
        let request = ASCCreateRequest(data: .init(
            type: "bundleIds",
            attributes: ASCBundleIDAttributes(identifier: identifier, name: name, platform: platform),
            relationships: ASCNoRelationships?.none))
        return Self.bundleID(try create("/v1/bundleIds", request, as: ASCBundleIDAttributes.self))
    }

    public func capabilities(ofBundleID resourceID: String) throws -> [BundleIDCapabilityResource] {
        try list("/v1/bundleIds/\(Self.percentEncoded(resourceID))/bundleIdCapabilities",
                 as: ASCCapabilityAttributes.self).map(Self.capability)
    }

    public func enableCapability(_ capabilityType: String, bundleID resourceID: String) throws
        -> BundleIDCapabilityResource {
        let request = ASCCreateRequest(data: .init(
            type: "bundleIdCapabilities", attributes: ASCCapabilityAttributes(capabilityType: capabilityType),
            relationships: ASCCapabilityRelationships(bundleId: ASCToOne(data: ASCLinkage(type: "bundleIds",
                                                                                            id: resourceID)))))
        return Self.capability(try create("/v1/bundleIdCapabilities", request, as: ASCCapabilityAttributes.self))
    }

    /// The team's profiles, those of one bundle ID (its resource id) and of one type when given.
    public func profiles(bundleID resourceID: String?, profileType: String?) throws -> [ProfileResource] {
        var query = [("include", "bundleId"), ("limit", "200")]
        if let profileType { query.append(("filter[profileType]", profileType)) }
        let found = try list("/v1/profiles", query: query, as: ASCProfileAttributes.self)
        let path = "/v1/profiles"
        return try found.filter { resource in
            guard let resourceID else { return true }
            return resource.relationships?["bundleId"]?.data?.ids.contains(resourceID) ?? false
        }.map { try Self.profile($0, path: path) }.filter { profileType == nil || $0.profileType == profileType }
    }

    public func profile(id: String) throws -> ProfileResource {
        let path = "/v1/profiles/\(Self.percentEncoded(id))"
        return try Self.profile(try one(path, as: ASCProfileAttributes.self), path: path)
    }

    public func profileCertificateIDs(profileID: String) throws -> [String] {
        try linkages("/v1/profiles/\(Self.percentEncoded(profileID))/relationships/certificates")
    }

    public func profileDeviceIDs(profileID: String) throws -> [String] {
        try linkages("/v1/profiles/\(Self.percentEncoded(profileID))/relationships/devices")
    }

    public func createProfile(name: String, profileType: String, bundleID resourceID: String,
                              certificateIDs: [String], deviceIDs: [String]) throws -> ProfileResource {
        let relationships = ASCProfileRelationships(
            bundleId: ASCToOne(data: ASCLinkage(type: "bundleIds", id: resourceID)),
            certificates: ASCToMany(data: certificateIDs.map { ASCLinkage(type: "certificates", id: $0) }),
            devices: deviceIDs.isEmpty ? nil : ASCToMany(data: deviceIDs.map { ASCLinkage(type: "devices", id: $0) }))
        let request = ASCCreateRequest(data: .init(
            type: "profiles", attributes: ASCProfileCreateAttributes(name: name, profileType: profileType),
            relationships: relationships))
        return try Self.profile(try create("/v1/profiles", request, as: ASCProfileAttributes.self), path: "/v1/profiles")
    }

    public func deleteProfile(id: String) throws {
        try remove("/v1/profiles/\(Self.percentEncoded(id))")
    }

    public func devices() throws -> [DeviceResource] {
        try list("/v1/devices", query: [("limit", "200")], as: ASCDeviceAttributes.self).map { resource in
            let attributes = resource.attributes
            return DeviceResource(id: resource.id, name: attributes?.name ?? "", udid: attributes?.udid ?? "",
                                  platform: attributes?.platform ?? "", status: attributes?.status ?? "")
        }
    }

    public func certificates() throws -> [CertificateResource] {
        try list("/v1/certificates", query: [("limit", "200")], as: ASCCertificateAttributes.self).map { resource in
            let attributes = resource.attributes
            return CertificateResource(id: resource.id, name: attributes?.name,
                                       certificateType: attributes?.certificateType ?? "",
                                       serialNumber: attributes?.serialNumber,
                                       expirationDate: attributes?.expirationDate.flatMap(ISO8601Text.date))
        }
    }

    // MARK: - Documents to resources

    /// A to-many relationship's linkages, every page of them.
    func linkages(_ path: String) throws -> [String] {
        var url = Self.url(baseURL + path, query: [("limit", "200")])
        var ids: [String] = []
        var seen: Set<String> = []
        while true {
            seen.insert(url)
            let page = try decode(ASCDocument<[ASCLinkage]>.self, from: try send("GET", url, body: nil), path: path)
            ids += page.data.map(\.id)
            guard let next = page.links?.next, !next.isEmpty else { return ids }
            url = try followable(next, path: path)
            guard !seen.contains(url), seen.count < Self.pageLimit else {
                throw AppStoreConnectError.malformed(path: path, detail: "links.next leads back to a page already read")
            }
        }
    }

    static func bundleID(_ resource: ASCResource<ASCBundleIDAttributes>) -> BundleIDResource {
        let attributes = resource.attributes
        return BundleIDResource(id: resource.id, identifier: attributes?.identifier ?? "",
                                name: attributes?.name ?? "", platform: attributes?.platform ?? "",
                                seedID: attributes?.seedId)
    }

    static func capability(_ resource: ASCResource<ASCCapabilityAttributes>) -> BundleIDCapabilityResource {
        BundleIDCapabilityResource(id: resource.id, capabilityType: resource.attributes?.capabilityType ?? "")
    }

    static func profile(_ resource: ASCResource<ASCProfileAttributes>, path: String) throws -> ProfileResource {
        let attributes = resource.attributes
        var content: [UInt8]?
        if let text = attributes?.profileContent, !text.isEmpty {
            guard let data = Data(base64Encoded: text) else {
                throw AppStoreConnectError.malformed(path: path, detail: "profile \(resource.id)'s profileContent is not base64")
            }
            content = Array(data)
        }
        return ProfileResource(id: resource.id, name: attributes?.name ?? "",
                               profileType: attributes?.profileType ?? "",
                               profileState: attributes?.profileState ?? "", uuid: attributes?.uuid,
                               platform: attributes?.platform,
                               createdDate: attributes?.createdDate.flatMap(ISO8601Text.date),
                               expirationDate: attributes?.expirationDate.flatMap(ISO8601Text.date),
                               profileContent: content)
    }
}
