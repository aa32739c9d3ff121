import Foundation

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

    /// The XML property list of `template` (Foundation writes it).
    public static func plist(_ template: Template) throws -> [UInt8] {
        var entitlements: [String: Any] = [
            "application-identifier": "\(template.teamID).\(template.bundleID)",
            "com.apple.developer.team-identifier": template.teamID,
            "get-task-allow": template.apsEnvironment != "production",
        ]
        if let environment = template.apsEnvironment { entitlements["aps-environment"] = environment }
        let top: [String: Any] = [
            "AppIDName": template.name, "ApplicationIdentifierPrefix": [template.teamID],
            "CreationDate": template.created, "ExpirationDate": template.expires, "Name": template.name,
            "Platform": ["iOS"], "ProvisionedDevices": template.devices, "TeamIdentifier": [template.teamID],
            "TeamName": template.teamID, "UUID": UUID().uuidString.lowercased(), "Version": 1,
            "Entitlements": entitlements, "DeveloperCertificates": [Data](),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: top, format: .xml, options: 0)
        return [UInt8](data)
    }

    /// A `.mobileprovision`: the property list of `template` in a CMS SignedData by `certificatePEM` / `privateKeyPEM`.
    public static func sign(_ template: Template, certificatePEM: String, privateKeyPEM: String) throws -> [UInt8] {
        try CMSSignedData.sign(content: plist(template), certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }
}
