import APNsCore
import APNsCredentials
import APNsKeystore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Collects every credential a host holds for `apnsctl expiry`: the keystore's certificates and signing keys,
/// and the certificates, .p12 bundles, profiles and .p8 keys in the files and directories given.
/// A file that cannot be read becomes an `unreadable` item, never an error. Each profile carries the profile judge's
/// verdict (``ProfileVerifier``, `profile verify`'s); certificates are judged by the caller (the certificate judge
/// waits for its chain check: `ExpiryScan` in APNsOperations).
public struct ExpiryScanner: Sendable {
    /// Reads certificates and .p12 files (with the password of `--password-file`, when given).
    public var credentials: CredentialReader
    /// Reads profiles.
    public var profiles: ProfileReader
    /// "Now", for days left and ages.
    public var now: Date

    /// File name endings looked at inside directories (a file named explicitly is read whatever its name).
    public static let extensions: Set<String> = ["pem", "cer", "crt", "der", "p12", "pfx", "p8", "mobileprovision",
                                                 "provisionprofile"]

    public init(credentials: CredentialReader = CredentialReader(), profiles: ProfileReader = ProfileReader(),
                now: Date = Date()) {
        self.credentials = credentials
        self.profiles = profiles
        self.now = now
    }

    /// The keystore's certificates (every certificate of each stored bundle), its signing keys (not revoked) and
    /// its pending certificate requests.
    public func scan(keystore: Keystore) throws -> [ExpiryItem] {
        let manifest = try keystore.manifest()
        var items = [ExpiryItem]()
        for record in manifest.certificates {
            let name = keystore.objectLocation(record.certificateFile)
            do {
                items += certificates(bytes: try keystore.certificatePEM(of: record), at: name, source: "keystore")
            } catch {
                items.append(unreadable(name, error, source: "keystore"))
            }
        }
        for key in manifest.keys where key.state != .revoked {
            items.append(ExpiryItem(kind: .signingKey, source: "keystore", file: keystore.objectLocation(key.file),
                                    name: "\(key.keyID) (\(key.state.rawValue))", team: key.teamID, keyID: key.keyID,
                                    createdAt: key.createdAt, ageDays: Wording.ageDays(since: key.createdAt, now: now)))
        }
        for request in manifest.pendingRequests {
            items.append(ExpiryItem(kind: .request, source: "keystore", file: keystore.objectLocation(request.keyFile),
                                    name: "\(request.id) (\(request.subject))", environment: request.environment,
                                    topic: request.bundleID, createdAt: request.createdAt,
                                    ageDays: Wording.ageDays(since: request.createdAt, now: now)))
        }
        return items
    }

    /// Every credential in `paths`: files are read by content, directories walked for known file endings.
    public func scan(paths: [String]) -> [ExpiryItem] {
        var items = [ExpiryItem]()
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                items += walk(path)
            } else {
                items += file(path)
            }
        }
        return items
    }

    private func walk(_ directory: String) -> [ExpiryItem] {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: directory) else {
            return [ExpiryItem(kind: .unreadable, source: "file", file: directory, name: directory,
                               error: "cannot list the directory")]
        }
        return names.sorted().filter { name in
            Self.extensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased())
        }.flatMap { file(directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0) }
    }

    /// The credentials in one file.
    func file(_ path: String) -> [ExpiryItem] {
        let bytes: [UInt8]
        do {
            bytes = try SecureFile.read(path, limit: SecureFile.credentialLimit, what: "a credential or profile",
                                     offerStandardInput: false)
        } catch {
            return [unreadable(path, error)]
        }
        switch ProfileContent.classify(bytes) {
        case .signedData, .propertyList:
            do {
                let document = try profiles.read(bytes: bytes, file: path)
                let profile = document.profile
                var item = ExpiryItem(kind: .profile, source: "file", file: path,
                                      name: profile.name ?? profile.uuid ?? path, team: profile.teamID,
                                      environment: profile.apsEnvironment, topic: profile.bundleID,
                                      notAfter: profile.expirationDate, daysLeft: profile.daysLeft(at: now))
                // The profile judge (`profile verify`'s): signature (Apple's roots, or the reader's CAs), expiry,
                // aps-environment.
                var verifier = ProfileVerifier()
                verifier.now = now
                item.judged(verifier.checks(document).checks)
                return [item]
            } catch {
                return [unreadable(path, error)]
            }
        default:
            return certificates(bytes: bytes, at: path, source: "file")
        }
    }

    private func certificates(bytes: [UInt8], at path: String, source: String) -> [ExpiryItem] {
        let bundle: CredentialBundle
        do {
            bundle = try credentials.read(bytes: bytes, name: path)
        } catch {
            return [unreadable(path, error, source: source)]
        }
        if bundle.certificates.isEmpty, bundle.privateKey != nil {
            return [signingKey(path)]
        }
        return bundle.certificates.enumerated().map { index, certificate in
            ExpiryItem(kind: index == 0 ? .certificate : .chainCertificate, source: source, file: path,
                       name: certificate.subject, team: certificate.teamID, purpose: certificate.purpose.rawValue,
                       environment: certificate.environments.isEmpty ? nil : certificate.environmentSummary,
                       topic: certificate.purpose == .notPush ? nil : certificate.bundleID, notAfter: certificate.notAfter,
                       daysLeft: certificate.daysLeft(at: now))
        }
    }

    /// A .p8 (or other lone private key): no expiry, its age from the file's modification time.
    private func signingKey(_ path: String) -> ExpiryItem {
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        let keyID = AppleIdentifier.keyID(fromFileName: path)
        let name = keyID ?? URL(fileURLWithPath: path).lastPathComponent
        return ExpiryItem(kind: .signingKey, source: "file", file: path, name: name, keyID: keyID, createdAt: modified,
                          ageDays: modified.map { Wording.ageDays(since: $0, now: now) })
    }

    private func unreadable(_ path: String, _ error: Error, source: String = "file") -> ExpiryItem {
        let message: String
        switch error {
        case let error as APNsError: message = error.message
        case let error as ProfileError: message = "\(path): \(error.message)"
        default: message = "\(path): \(error)"
        }
        return ExpiryItem(kind: .unreadable, source: source, file: path, name: URL(fileURLWithPath: path).lastPathComponent,
                          error: message)
    }
}
