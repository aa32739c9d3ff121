#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The JSON:API documents of Apple's App Store Connect OpenAPI specification that the client reads and writes
// (BundleIdsResponse, BundleIdCapabilitiesResponse, ProfilesResponse, DevicesResponse, CertificatesResponse, the
// *CreateRequest bodies, relationship linkages, ErrorResponse), with FoundationEssentials' coders.

/// A document whose `data` is one resource or a list of them, with `links.next` when more pages follow.
struct ASCDocument<Payload: Decodable>: Decodable {
    var data: Payload
    var links: ASCDocumentLinks?
    var included: [ASCResource<ASCIgnored>]?
}

struct ASCDocumentLinks: Decodable {
    var next: String?
}

/// Any attributes the client does not read.
struct ASCIgnored: Decodable {}

/// `{type, id}`: a resource linkage.
struct ASCLinkage: Codable, Equatable {
    var type: String
    var id: String
}

/// A relationship's `data`: one linkage, a list of them, or null.
enum ASCLinkageData: Decodable, Equatable {
    case one(ASCLinkage)
    case many([ASCLinkage])
    case none

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .none
        } else if let list = try? container.decode([ASCLinkage].self) {
            self = .many(list)
        } else {
            self = .one(try container.decode(ASCLinkage.self))
        }
    }

    var ids: [String] {
        switch self {
        case .one(let linkage): [linkage.id]
        case .many(let list): list.map(\.id)
        case .none: []
        }
    }
}

struct ASCRelationship: Decodable {
    var data: ASCLinkageData?
}

struct ASCResource<Attributes: Decodable>: Decodable {
    var type: String
    var id: String
    var attributes: Attributes?
    var relationships: [String: ASCRelationship]?
}

struct ASCBundleIDAttributes: Codable {
    var identifier: String?
    var name: String?
    var platform: String?
    var seedId: String?
}

struct ASCCapabilityAttributes: Codable {
    var capabilityType: String?
}

struct ASCProfileAttributes: Decodable {
    var name: String?
    var profileType: String?
    var profileState: String?
    var uuid: String?
    var platform: String?
    var createdDate: String?
    var expirationDate: String?
    var profileContent: String?
}

struct ASCDeviceAttributes: Decodable {
    var name: String?
    var udid: String?
    var platform: String?
    var status: String?
}

struct ASCCertificateAttributes: Decodable {
    var name: String?
    var certificateType: String?
    var serialNumber: String?
    var expirationDate: String?
}

/// Apple's `ErrorResponse`.
struct ASCErrorDocument: Decodable {
    var errors: [AppStoreConnectAPIError]
}

// Request bodies.

struct ASCCreateRequest<Attributes: Encodable, Relationships: Encodable>: Encodable {
    struct Body: Encodable {
        var type: String
        var attributes: Attributes
        var relationships: Relationships?
    }
    var data: Body
}

struct ASCToOne: Encodable {
    var data: ASCLinkage
}

struct ASCToMany: Encodable {
    var data: [ASCLinkage]
}

struct ASCNoRelationships: Encodable {}

struct ASCCapabilityRelationships: Encodable {
    var bundleId: ASCToOne
}

struct ASCProfileCreateAttributes: Encodable {
    var name: String
    var profileType: String
}

struct ASCProfileRelationships: Encodable {
    var bundleId: ASCToOne
    var certificates: ASCToMany
    var devices: ASCToMany?
}
