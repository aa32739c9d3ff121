import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON:API documents the mock answers, shaped as Apple's OpenAPI specification defines them.
struct MockASCRenderer {
    /// `https://host:port`, as the client reached the server.
    let base: String
    let now: Date

    private func links(_ path: String) -> JSONValue { .object(["self": .string(base + path)]) }

    private func relationship(_ owner: String, _ id: String, _ name: String, data: JSONValue? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["links": .object([
            "self": .string("\(base)/v1/\(owner)/\(id)/relationships/\(name)"),
            "related": .string("\(base)/v1/\(owner)/\(id)/\(name)"),
        ])]
        if let data { members["data"] = data }
        return .object(members)
    }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An attributes object without its null members: Apple's spec has no nullable attribute; an absent value is
    /// left out.
    private static func attributes(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.filter { $0.value != .null })
    }

    func bundleID(_ bundle: MockASCState.BundleID, teamID: String, included: Set<String> = []) -> JSONValue {
        var relationships: [String: JSONValue] = [
            "profiles": relationship("bundleIds", bundle.id, "profiles"),
            "bundleIdCapabilities": relationship("bundleIds", bundle.id, "bundleIdCapabilities",
                                                 data: included.contains("bundleIdCapabilities")
                                                     ? .array((bundle.capabilities ?? []).map {
                                                         linkage("bundleIdCapabilities", capabilityID(bundle, $0))
                                                     }) : nil),
        ]
        relationships["app"] = nil
        return .object([
            "type": "bundleIds", "id": .string(bundle.id),
            "attributes": .object([
                "name": .string(bundle.name), "platform": .string(bundle.platform),
                "identifier": .string(bundle.identifier), "seedId": .string(bundle.seedId ?? teamID),
            ]),
            "relationships": .object(relationships),
            "links": links("/v1/bundleIds/\(bundle.id)"),
        ])
    }

    func capabilityID(_ bundle: MockASCState.BundleID, _ capability: MockASCState.Capability) -> String {
        "\(bundle.id)_\(capability.capabilityType)"
    }

    func capability(_ bundle: MockASCState.BundleID, _ capability: MockASCState.Capability) -> JSONValue {
        var attributes: [String: JSONValue] = ["capabilityType": .string(capability.capabilityType)]
        if let settings = capability.settings { attributes["settings"] = settings }
        let id = capabilityID(bundle, capability)
        return .object(["type": "bundleIdCapabilities", "id": .string(id), "attributes": .object(attributes),
                        "links": links("/v1/bundleIdCapabilities/\(id)")])
    }

    func device(_ device: MockASCState.Device) -> JSONValue {
        .object([
            "type": "devices", "id": .string(device.id),
            "attributes": Self.attributes([
                "name": .string(device.name), "platform": .string(device.platform), "udid": .string(device.udid),
                "deviceClass": Self.optional(device.deviceClass), "model": Self.optional(device.model),
                "status": .string(device.status ?? "ENABLED"), "addedDate": Self.optional(device.addedDate),
            ]),
            "links": links("/v1/devices/\(device.id)"),
        ])
    }

    func certificate(_ certificate: MockASCState.CertificateRecord) -> JSONValue {
        .object([
            "type": "certificates", "id": .string(certificate.id),
            "attributes": Self.attributes([
                "name": Self.optional(certificate.name), "displayName": Self.optional(certificate.displayName),
                "certificateType": .string(certificate.certificateType),
                "platform": Self.optional(certificate.platform), "serialNumber": Self.optional(certificate.serialNumber),
                "expirationDate": Self.optional(certificate.expirationDate),
                "certificateContent": Self.optional(certificate.certificateContent),
            ]),
            "links": links("/v1/certificates/\(certificate.id)"),
        ])
    }

    /// A profile; `state` is INVALID once it has expired, else what it was made (or seeded) with.
    func profile(_ profile: MockASCState.Profile, platform: String, included: Set<String> = []) -> JSONValue {
        let expired = MockASCDate.parse(profile.expirationDate).map { $0 <= now } ?? false
        let bundleLinkage = included.contains("bundleId") ? linkage("bundleIds", profile.bundleIdId) : nil
        let certificates = included.contains("certificates")
            ? JSONValue.array((profile.certificateIds ?? []).map { linkage("certificates", $0) }) : nil
        let devices = included.contains("devices")
            ? JSONValue.array((profile.deviceIds ?? []).map { linkage("devices", $0) }) : nil
        return .object([
            "type": "profiles", "id": .string(profile.id),
            "attributes": Self.attributes([
                "name": .string(profile.name), "platform": .string(platform),
                "profileType": .string(profile.profileType),
                "profileState": .string(expired ? "INVALID" : profile.profileState ?? "ACTIVE"),
                "profileContent": Self.optional(profile.profileContent), "uuid": Self.optional(profile.uuid),
                "createdDate": Self.optional(profile.createdDate),
                "expirationDate": Self.optional(profile.expirationDate),
            ]),
            "relationships": .object([
                "bundleId": relationship("profiles", profile.id, "bundleId", data: bundleLinkage),
                "certificates": relationship("profiles", profile.id, "certificates", data: certificates),
                "devices": relationship("profiles", profile.id, "devices", data: devices),
            ]),
            "links": links("/v1/profiles/\(profile.id)"),
        ])
    }

    func linkage(_ type: String, _ id: String) -> JSONValue {
        .object(["type": .string(type), "id": .string(id)])
    }

    /// A single resource's document.
    func document(_ resource: JSONValue, path: String, included: [JSONValue] = []) -> JSONValue {
        var members: [String: JSONValue] = ["data": resource, "links": links(path)]
        if !included.isEmpty { members["included"] = .array(included) }
        return .object(members)
    }

    /// A page of a collection: `limit` (default 20, at most 200) resources from the opaque `cursor`, with
    /// `links.next` while more remain and `meta.paging` {total, limit}.
    func collection(_ resources: [JSONValue], request: MockASCRequest, included: [JSONValue] = [],
                    maximumLimit: Int = 200) -> MockASCResponse {
        var limit = 20
        if let text = request.parameter("limit") {
            guard let value = Int(text), value >= 1, value <= maximumLimit else {
                return MockASCErrors.parameter("limit", "'\(text)' is not a valid value for 'limit': it must be an "
                                               + "integer from 1 to \(maximumLimit).")
            }
            limit = value
        }
        var offset = 0
        if let cursor = request.parameter("cursor") {
            guard let value = Self.offset(cursor: cursor), value >= 0, value <= resources.count else {
                return MockASCErrors.parameter("cursor", "'\(cursor)' is not a valid cursor for this request.")
            }
            offset = value
        }
        let page = Array(resources.dropFirst(offset).prefix(limit))
        var links: [String: JSONValue] = ["self": .string(base + request.path + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery))]
        if offset + page.count < resources.count {
            let others = request.query.filter { $0.name != "cursor" && $0.name != "limit" }
            let query = (others.map { Self.encode($0.name) + "=" + Self.encode($0.value) }
                + ["cursor=" + Self.cursor(offset: offset + page.count), "limit=\(limit)"]).joined(separator: "&")
            links["next"] = .string(base + request.path + "?" + query)
        }
        var members: [String: JSONValue] = [
            "data": .array(page), "links": .object(links),
            "meta": .object(["paging": .object(["total": .integer(Int64(resources.count)), "limit": .integer(Int64(limit))])]),
        ]
        if !included.isEmpty { members["included"] = .array(included) }
        return .json(200, .object(members))
    }

    static func cursor(offset: Int) -> String {
        Data("o\(offset)".utf8).base64EncodedString().filter { $0 != "=" }
    }

    static func offset(cursor: String) -> Int? {
        var text = cursor
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        let decoded = String(decoding: data, as: UTF8.self)
        guard decoded.first == "o" else { return nil }
        return Int(decoded.dropFirst())
    }

    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: ","):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
