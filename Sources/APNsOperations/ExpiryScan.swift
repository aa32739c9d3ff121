import APNsCore
import APNsCredentials
import APNsKeystore
import APNsProvisioning
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When every credential the host holds expires: the keystore's (when there is one to read) and those in the files
/// and directories given, soonest first, judged against a minimum number of days.
public enum ExpiryScan {
    /// Which keystore to include.
    public struct KeystoreChoice {
        /// The keystore's path.
        public var path: String
        /// True when the user named it (an option or the environment): then it must open.
        public var named: Bool
        /// Opens it.
        public var open: () throws -> Keystore

        public init(path: String, named: Bool, open: @escaping () throws -> Keystore) {
            self.path = path
            self.named = named
            self.open = open
        }
    }

    /// What to scan.
    public struct Input {
        /// Credential files and directories.
        public var paths: [String]
        /// The keystore; nil to leave it out.
        public var keystore: KeystoreChoice?
        /// Reads certificates and .p12 files (it knows the .p12 password, when given).
        public var credentials: CredentialReader
        /// The fewest days any credential must have left; nil for no check.
        public var minimumDays: Int?
        public var now: Date
        /// CA files trusted besides Apple's (`--ca`): for certificates' chains and profiles' signatures.
        public var caFiles: [String]

        public init(paths: [String], keystore: KeystoreChoice?, credentials: CredentialReader = CredentialReader(),
                    minimumDays: Int?, now: Date, caFiles: [String] = []) {
            self.paths = paths
            self.keystore = keystore
            self.credentials = credentials
            self.minimumDays = minimumDays
            self.now = now
            self.caFiles = caFiles
        }
    }

    /// Scans and reports. The keystore is scanned when it was named, when no path was given (it is all there is to
    /// list), or when it exists (one this user may not read is not "none": opening it says so). Each profile is
    /// judged by the profile judge (``ProfileVerification``'s reader and checks), each leaf certificate by the
    /// certificate judge (``CertificateVerification``: purpose, validity, key match when its key is at hand, chain to
    /// Apple's CAs or `caFiles`, client auth): a refused one is never reported fine.
    public static func run(_ input: Input) async throws -> ExpiryReport {
        let profiles = try ProfileVerification.reader(caFiles: input.caFiles)
        let scanner = ExpiryScanner(credentials: input.credentials, profiles: profiles, now: input.now)
        var items = [ExpiryItem]()
        var stored = [String: (pem: [UInt8], key: String?)]()
        if let keystore = input.keystore,
           keystore.named || input.paths.isEmpty || KeystoreAccess.check(keystore.path) != .absent {
            let store = try keystore.open()
            items += try scanner.scan(keystore: store)
            for record in (try? store.manifest().certificates) ?? [] {
                if let pem = try? store.certificatePEM(of: record) {
                    stored[store.objectLocation(record.certificateFile)] = (pem, store.certificateFiles(of: record)?.key)
                }
            }
        }
        items += scanner.scan(paths: input.paths)
        for index in items.indices where items[index].kind == .certificate {
            let item = items[index]
            let checks: [CertificateCheck]
            do {
                var verification: CertificateVerification.Input
                if item.source == "keystore", let found = stored[item.file] {
                    verification = .init(file: item.file, credential: try CredentialReader().read(bytes: found.pem,
                                                                                                 name: item.file))
                    verification.keyFile = found.key
                } else {
                    verification = .init(file: item.file, credential: try input.credentials.read(
                        path: item.file, offerStandardInput: false))
                }
                verification.minimumDays = 0
                verification.validityTime = input.now
                checks = try await CertificateVerification.run(verification, trusting: input.caFiles).checks
            } catch {
                checks = [CertificateCheck("parses", .fail, (error as? APNsError)?.message ?? "\(error)")]
            }
            items[index].judged(checks)
        }
        return ExpiryReport(items: items, generatedAt: input.now, minimumDays: input.minimumDays)
    }
}
