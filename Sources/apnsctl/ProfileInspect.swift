import APNsCore
import APNsOperations
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl profile inspect FILE...`: what each provisioning profile says, and who signed it.
struct ProfileInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a provisioning profile: app id, team, dates, aps-environment, devices, certificates, signature.",
        discussion: """
        Reads .mobileprovision (iOS, tvOS, watchOS) and .provisionprofile (macOS) files: a CMS SignedData \
        around a property list (a bare property list is read too). The signature is verified (good, and \
        chains to Apple Root CA as of the profile's CreationDate), untrusted (good, another signer), invalid \
        (altered after signing) or unsigned. Exit 3 when any file cannot be read.
        """
    )

    @Argument(help: ArgumentHelp("Profiles to read (- for standard input).", valueName: "FILE"),
              completion: ProfileInspect.profileFiles)
    var files: [String]

    @OptionGroup var caOption: TrustedCAOption
    var ca: [String] { caOption.caFiles }

    @OptionGroup var output: FormatOptions

    /// .mobileprovision and .provisionprofile files.
    static let profileFiles = CompletionKind.file(extensions: ["mobileprovision", "provisionprofile", "plist"])

    func run() async throws {
        let reader = try ProfileVerification.reader(caFiles: ca, label: "--ca")
        let now = Date()
        try Console.reportEach(files, format: output.format, text: \.text) { file in
            ProfileReport(try reader.read(path: file), now: now)
        }
    }
}
