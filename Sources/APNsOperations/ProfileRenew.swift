import APNsAppStoreConnect
import APNsCore
import APNsCredentials
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renews an App ID's profiles of one type on App Store Connect: each that lacks `aps-environment`, is not ACTIVE
/// or expires within ``Input/minimumDays`` is made again with the same type, certificates and devices (and name:
/// ``ProfileRenewalRules/newName(for:replace:taken:now:)``), judged like ``ProfileFetch`` and written to the
/// output directory. The old profile is deleted only with ``Input/replace`` (before the new one is made, so the
/// name is free). Nothing is made when the App ID lacks Push Notifications: a new profile would lack it too.
public enum ProfileRenew {
    public struct Input: Sendable {
        public var bundleID: String
        public var profileType: String
        public var outputDirectory: String
        public var minimumDays = ProfileRenewalRules.defaultMinimumDays
        /// Delete each old profile (and give the new one its name).
        public var replace = false
        public var caFiles: [String] = []
        public var caLabel = "given CA"
        public var now = Date()

        public init(bundleID: String, profileType: String, outputDirectory: String) {
            self.bundleID = bundleID
            self.profileType = profileType
            self.outputDirectory = outputDirectory
        }
    }

    /// One profile looked at.
    public struct Outcome: Sendable {
        /// The profile as Apple listed it.
        public var old: ProfileResource
        /// Why it was renewed (empty: it was left alone).
        public var reasons: [ProfileRenewalRules.Reason]
        /// The new profile, judged; nil when it was left alone.
        public var new: ApplesProfileJudge.Judged?
        /// Where the new profile was written.
        public var file: String?
        /// True when the old profile was deleted.
        public var deleted: Bool
        /// A sound profile made to replace this one already (its name is this one's with a renewal suffix): this
        /// one is not renewed again (with `replace` it is deleted).
        public var supersededBy: String?
    }

    public struct Result: Sendable {
        public var bundleID: String
        public var profileType: String
        public var outcomes: [Outcome]
        /// True when no profile needed renewing.
        public var nothingToDo: Bool { outcomes.allSatisfy { $0.new == nil && !$0.deleted } }
    }

    /// Throws ``ProfileDownloadError`` (unknown bundle id, no profile of the type, Push Notifications off, a new
    /// profile the judge refuses), the client's ``AppStoreConnectError`` and the output's `APNsError`.
    public static func run(_ input: Input, client: AppStoreConnectClient) throws -> Result {
        try ProfileFetch.checkType(input.profileType)
        guard let bundle = try client.bundleID(identifier: input.bundleID) else {
            throw ProfileDownloadError.unknownBundleID(input.bundleID)
        }
        let profiles = try client.profiles(bundleID: bundle.id, profileType: input.profileType)
            .filter { $0.profileType == input.profileType }
        guard !profiles.isEmpty else {
            throw ProfileDownloadError.noProfile(bundleID: input.bundleID, profileType: input.profileType, name: nil)
        }
        var judge = ApplesProfileJudge(bundleID: input.bundleID)
        judge.caFiles = input.caFiles
        judge.caLabel = input.caLabel
        judge.now = input.now
        let reader = try ProfileVerification.reader(caFiles: input.caFiles, label: input.caLabel)
        var outcomes = [Outcome]()
        for listed in profiles {
            let resource = listed.profileContent == nil && listed.profileState == "ACTIVE"
                ? try client.profile(id: listed.id) : listed
            var document: ProfileDocument?
            var unreadable: String?
            if let content = resource.profileContent, !content.isEmpty {
                do { document = try reader.read(bytes: content, file: resource.name) } catch let error as ProfileError {
                    unreadable = error.message
                }
            }
            let reasons = ProfileRenewalRules.reasons(resource, document: document, unreadable: unreadable,
                                                      now: input.now, minimumDays: input.minimumDays)
            outcomes.append(Outcome(old: resource, reasons: reasons, new: nil, file: nil, deleted: false))
        }
        let sound = outcomes.filter(\.reasons.isEmpty).map(\.old.name)
        for index in outcomes.indices where !outcomes[index].reasons.isEmpty {
            let base = ProfileRenewalRules.baseName(outcomes[index].old.name)
            outcomes[index].supersededBy = sound.first { $0 != outcomes[index].old.name
                && ProfileRenewalRules.baseName($0) == base }
        }
        for index in outcomes.indices where outcomes[index].supersededBy != nil && input.replace {
            try client.deleteProfile(id: outcomes[index].old.id)
            outcomes[index].deleted = true
        }
        guard outcomes.contains(where: { !$0.reasons.isEmpty && $0.supersededBy == nil }) else {
            return Result(bundleID: input.bundleID, profileType: input.profileType, outcomes: outcomes)
        }
        guard try ProfileFetch.pushEnabled(client, bundleResourceID: bundle.id) else {
            throw ProfileDownloadError.pushNotEnabled(bundleID: input.bundleID)
        }
        var taken = Set(profiles.map(\.name))
        var refused = [RefusedProfile]()
        for index in outcomes.indices where !outcomes[index].reasons.isEmpty && outcomes[index].supersededBy == nil {
            let old = outcomes[index].old
            let certificates = try client.profileCertificateIDs(profileID: old.id)
            let devices = try client.profileDeviceIDs(profileID: old.id)
            let name = ProfileRenewalRules.newName(for: old.name, replace: input.replace, taken: taken, now: input.now)
            if input.replace {
                try client.deleteProfile(id: old.id)
                outcomes[index].deleted = true
            }
            let created: ProfileResource
            do {
                created = try client.createProfile(name: name, profileType: old.profileType, bundleID: bundle.id,
                                                   certificateIDs: certificates, deviceIDs: devices)
            } catch {
                guard input.replace else { throw error }
                throw ProfileDownloadError.replacedButNotCreated(name: old.name, certificateIDs: certificates,
                                                                 deviceIDs: devices, underlying: "\(error)")
            }
            taken.insert(name)
            let whole = created.profileContent == nil ? try client.profile(id: created.id) : created
            let judged = try judge.judge(whole)
            outcomes[index].new = judged
            if judged.passed {
                outcomes[index].file = try ApplesProfileJudge.write(judged, to: input.outputDirectory)
            } else {
                refused.append(RefusedProfile(name: whole.name, uuid: whole.uuid,
                                              check: judged.firstFailure ?? CertificateCheck("content", .fail, "unreadable"),
                                              pushEnabled: true))
            }
        }
        if !refused.isEmpty { throw ProfileDownloadError.refused(refused) }
        return Result(bundleID: input.bundleID, profileType: input.profileType, outcomes: outcomes)
    }
}
