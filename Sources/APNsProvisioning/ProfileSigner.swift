#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes provisioning profiles the way Apple's portal does, signed by a CA of one's own: for the demo and
/// tests (`profile verify --ca`), never a substitute for a real profile.
public enum ProfileSigner {
    /// The facts of a profile to make.
    public struct Template: Sendable {
        public var name: String
        public var teamID: String
        public var bundleID: String
        public var apsEnvironment: String?
        public var created: Date
        public var expires: Date
        public var devices: [String]

        public init(name: String, teamID: String, bundleID: String, apsEnvironment: String?, created: Date,
                    expires: Date, devices: [String]) {
            self.name = name
            self.teamID = teamID
            self.bundleID = bundleID
            self.apsEnvironment = apsEnvironment
            self.created = created
            self.expires = expires
            self.devices = devices
        }
    }

    /// The XML property list of `template` (FoundationEssentials' `PropertyListEncoder` writes it).
    public static func plist(_ template: Template) throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return [UInt8](try encoder.encode(ProfileBody(template, uuid: UUID().uuidString.lowercased())))
    }

    /// The top-level dictionary of a profile, key for key as Apple writes it.
    private struct ProfileBody: Encodable {
        struct EntitlementsBody: Encodable {
            var applicationIdentifier: String
            var teamIdentifier: String
            var getTaskAllow: Bool
            var apsEnvironment: String?

            enum CodingKeys: String, CodingKey {
                case applicationIdentifier = "application-identifier"
                case teamIdentifier = "com.apple.developer.team-identifier"
                case getTaskAllow = "get-task-allow"
                case apsEnvironment = "aps-environment"
            }
        }

        var AppIDName: String
        var ApplicationIdentifierPrefix: [String]
        var CreationDate: Date
        var ExpirationDate: Date
        var Name: String
        var Platform = ["iOS"]
        var ProvisionedDevices: [String]
        var TeamIdentifier: [String]
        var TeamName: String
        var UUID: String
        var Version = 1
        var Entitlements: EntitlementsBody
        var DeveloperCertificates = [Data]()

        init(_ template: Template, uuid: String) {
            AppIDName = template.name
            ApplicationIdentifierPrefix = [template.teamID]
            CreationDate = template.created
            ExpirationDate = template.expires
            Name = template.name
            ProvisionedDevices = template.devices
            TeamIdentifier = [template.teamID]
            TeamName = template.teamID
            UUID = uuid
            Entitlements = EntitlementsBody(applicationIdentifier: "\(template.teamID).\(template.bundleID)",
                                 teamIdentifier: template.teamID,
                                 getTaskAllow: template.apsEnvironment != "production",
                                 apsEnvironment: template.apsEnvironment)
        }
    }

    /// A `.mobileprovision`: the property list of `template` in a CMS SignedData by `certificatePEM` / `privateKeyPEM`.
    public static func sign(_ template: Template, certificatePEM: String, privateKeyPEM: String) throws -> [UInt8] {
        try CMSSignedData.sign(content: plist(template), certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }
}
