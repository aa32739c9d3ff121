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

        public init(paths: [String], keystore: KeystoreChoice?, credentials: CredentialReader = CredentialReader(),
                    minimumDays: Int?, now: Date) {
            self.paths = paths
            self.keystore = keystore
            self.credentials = credentials
            self.minimumDays = minimumDays
            self.now = now
        }
    }

    /// Scans and reports. The keystore is scanned when it was named, when no path was given (it is all there is to
    /// list), or when it exists (one this user may not read is not "none": opening it says so).
    public static func run(_ input: Input) throws -> ExpiryReport {
        let scanner = ExpiryScanner(credentials: input.credentials, profiles: ProfileReader(), now: input.now)
        var items = [ExpiryItem]()
        if let keystore = input.keystore,
           keystore.named || input.paths.isEmpty || KeystoreAccess.check(keystore.path) != .absent {
            items += try scanner.scan(keystore: keystore.open())
        }
        items += scanner.scan(paths: input.paths)
        return ExpiryReport(items: items, generatedAt: input.now, minimumDays: input.minimumDays)
    }
}
