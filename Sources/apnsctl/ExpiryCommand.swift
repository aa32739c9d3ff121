import APNsCore
import APNsCredentials
import APNsKeystore
import APNsOperations
import APNsProvisioning
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apnsctl expiry [PATH...]`: every credential the host holds, soonest expiry first, for a cron line.
struct ExpiryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expiry",
        abstract: "List when every credential expires: keystore, certificates, .p12, profiles, .p8 keys.",
        discussion: """
        Walks the keystore (when there is one) and the files and directories given: certificates (every \
        certificate of a bundle), .p12 files (with --password-file or --password-env), provisioning profiles, \
        and .p8 keys (which never expire: their age is shown). Soonest first. Unreadable files are listed with \
        a warning. Certificates and profiles are judged as cert verify and profile verify judge them (chain \
        and signature to Apple's CAs or a --ca given): a refused one is marked. Exit 1 with --min-days N when \
        anything has fewer than N days left, cannot be read (its expiry is unknown), or is refused.

        EXAMPLES
          apnsctl expiry /etc/apns --min-days 30
          apnsctl expiry /etc/apns --format prometheus \\
            --out /var/lib/node_exporter/textfile/apnsctl.prom
        """
    )

    @Argument(help: ArgumentHelp("Credential files or directories to include.", valueName: "PATH"),
              completion: .file())
    var paths: [String] = []

    @OptionGroup var minDaysOption: MinDaysOption
    var minDays: Int? { minDaysOption.minDays }

    @OptionGroup var outOption: OutOption
    var out: String? { outOption.out }

    @Flag(name: .customLong("no-keystore"), help: "Leave the keystore out.")
    var noKeystore = false

    @OptionGroup var keystore: KeystoreOptions

    @OptionGroup var secret: SecretOptions

    @OptionGroup var caOption: TrustedCAOption

    @OptionGroup var output: ReportFormatOptions
    var format: ReportFormat { output.format }

    func run() async throws {
        let now = Date()
        let credentials = secret.isGiven
            ? CredentialReader(password: secret.sharedSource(prompt: ""), passwordAtHand: true) : CredentialReader()
        let location = keystore.location
        let keystore = self.keystore
        let choice = noKeystore ? nil : ExpiryScan.KeystoreChoice(
            path: location.path, named: location.source == .flag || location.source == .environment,
            open: { try keystore.open() })
        let report = try await ExpiryScan.run(.init(paths: paths, keystore: choice, credentials: credentials,
                                                    minimumDays: minDays, now: now, caFiles: caOption.caFiles))
        let text: String
        switch format {
        case .output(.text):
            text = report.items.isEmpty ? "no credentials found\n"
                : ([KeystoreText.table(report.rows)] + report.unreadableLines).joined(separator: "\n") + "\n"
        case .prometheus: text = report.prometheus
        case .output(.json): text = String(decoding: try Console.json(report), as: UTF8.self)
        }
        if let out {
            try SecureFile.write(Array(text.utf8), to: out, mode: 0o644, overwrite: true)
        } else {
            StandardStream.output.write(text.utf8)
        }
        for item in report.items where item.kind == .unreadable {
            Console.warn(item.error ?? "\(item.file): unreadable")
        }
        for line in report.unreadableLines where line.hasPrefix("refused: ") { Console.warn(line) }
        if !report.tooSoon.isEmpty, format != .text || out != nil {
            Console.warn("\(report.tooSoon.count) credential(s) with fewer than \(minDays ?? 0) days left")
        }
        if let minDays, !report.unreadable.isEmpty {
            Console.warn("\(Wording.count(report.unreadable.count, "file")) could not be read: their expiry is unknown, "
                         + "so the --min-days \(minDays) check fails (give the .p12 password with --password-file or "
                         + "--password-env)")
        }
        if !report.passed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}
