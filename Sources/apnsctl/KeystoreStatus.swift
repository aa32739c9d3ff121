import APNsCore
import APNsCredentials
import APNsKeystore
import APNsOperations
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct KeystoreStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Keys, certificates and pending requests with state and age; exit 1 if a certificate expires soon.",
        discussion: "Each certificate shows its purpose (app push, VoIP Services, …) and is judged as `apnsctl cert "
            + "verify` judges it (purpose, key match, client auth, a chain to Apple's CAs or to a --ca file). Exit 1 "
            + "when a certificate expires within --min-days (30 unless given) or its judge refuses it (for cron or CI).")

    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var minDaysOption: MinDaysOption
    var minDays: Int { minDaysOption.days(default: 30) }
    @OptionGroup var trusted: TrustedCAOption
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let store = try keystore.open()
        let report = try await KeystoreStatusCheck.run(.init(keystore: store, minDays: minDays,
                                                             caFiles: trusted.caFiles))
        if output.isJSON {
            try Console.printJSON(report)
        } else {
            print("keystore \(report.keystore)")
            if report.keys.isEmpty {
                print("no signing keys")
            } else {
                var rows = [["KEY ID", "TEAM", "STATE", "SCOPE", "AGE", "LAST USED", "NOTE"]]
                for key in report.keys {
                    rows.append([key.keyID, key.teamID, key.state.rawValue, KeystoreText.scope(key.scope),
                                 "\(key.ageDays)d",
                                 KeystoreText.date(key.lastUsed), KeystoreText.note(key)])
                }
                print(KeystoreText.table(rows))
            }
            if report.certificates.isEmpty {
                print("no certificates")
            } else {
                for cert in report.certificates {
                    let mark: CheckMark = cert.expiring || cert.purpose == .notPush || cert.refused ? .fail : .pass
                    print(Console.checkLine(mark, cert.subject,
                        "\(cert.purpose.map(\.phrase) ?? "purpose unknown (file unreadable)"), "
                        + "\(cert.stateAndTimeLeft) (\(cert.state == .expired ? "on" : "until") \(KeystoreText.date(cert.notAfter))), "
                        + "\(cert.environments.joined(separator: "+")), topics \(cert.topics.joined(separator: " "))"))
                    if cert.refused {
                        print("    refused: " + cert.findings.map { "\($0.name): \($0.detail)" }.joined(separator: "; "))
                    }
                }
            }
            if report.pendingRequests.isEmpty {
                print("no pending certificate requests")
            } else {
                print("pending certificate requests (join Apple's certificate with `apnsctl cert join FILE`):")
                print(PendingRequestText.table(report.pendingRequests))
            }
            // Tombstones: every key ever revoked here, which `key import` refuses for good.
            for revoked in report.revokedKeys {
                print("revoked: \(revoked.keyID) (team \(revoked.teamID), sha256 \(revoked.publicKeySHA256.prefix(16)), "
                      + "revoked on \(revoked.revokedOn)\(revoked.revokedBy.map { " by \($0)" } ?? "")); never imported again")
            }
        }
        if !report.passed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}
