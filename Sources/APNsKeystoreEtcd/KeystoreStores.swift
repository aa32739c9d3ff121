import APNsCore
import APNsEtcd
import APNsKeystore
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How to reach a fleet keystore: etcd's TLS files and user, and the key-encryption key. Each comes from its
/// flag, else from the environment (`APNSCTL_ETCD_CACERT`, `APNSCTL_ETCD_CERT`, `APNSCTL_ETCD_KEY`,
/// `APNSCTL_ETCD_USER`, `APNSCTL_ETCD_PASSWORD_FILE` or `APNSCTL_ETCD_PASSWORD`, `APNSCTL_KEK_FILE`). The password
/// is never taken from the command line.
public struct FleetAccess: Sendable, Equatable {
    public var caFile: String?
    public var certificateFile: String?
    public var keyFile: String?
    public var user: String?
    public var passwordFile: String?
    public var kekFile: String?

    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil, user: String? = nil,
                passwordFile: String? = nil, kekFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.user = user
        self.passwordFile = passwordFile
        self.kekFile = kekFile
    }

    /// These settings, each unset one taken from `environment`.
    public func filled(from environment: [String: String] = ProcessInfo.processInfo.environment) -> FleetAccess {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        return FleetAccess(caFile: caFile ?? value("APNSCTL_ETCD_CACERT"),
                           certificateFile: certificateFile ?? value("APNSCTL_ETCD_CERT"),
                           keyFile: keyFile ?? value("APNSCTL_ETCD_KEY"), user: user ?? value("APNSCTL_ETCD_USER"),
                           passwordFile: passwordFile ?? value("APNSCTL_ETCD_PASSWORD_FILE"),
                           kekFile: kekFile ?? value("APNSCTL_KEK_FILE"))
    }

    /// The etcd client settings for `url`; the password from the file, else `APNSCTL_ETCD_PASSWORD`.
    func configuration(_ url: EtcdURL, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> EtcdConfiguration {
        let tls = caFile != nil || certificateFile != nil || keyFile != nil
            ? EtcdTLS(caFile: caFile, certificateFile: certificateFile, keyFile: keyFile) : nil
        var credentials: EtcdCredentials?
        if let user {
            let source: SecretSource
            if let passwordFile {
                source = .file(passwordFile)
            } else if environment["APNSCTL_ETCD_PASSWORD"] != nil {
                source = .environment("APNSCTL_ETCD_PASSWORD")
            } else {
                throw APNsError.usage("etcd user \(user) needs a password",
                                      remedy: FleetRemedy.giveEtcdPassword)
            }
            credentials = try EtcdCredentials(user: user, passwordFrom: source)
        }
        return EtcdConfiguration(url: url, tls: tls, credentials: credentials)
    }
}

/// Opens and creates keystores wherever a location names them: a directory (the embedded default), or
/// `etcd://HOST:PORT[,HOST:PORT…]/PREFIX` (a fleet). Commands call these and never ask which.
public enum KeystoreStores {
    /// One etcd client per configuration for the life of the process (a client is never torn down mid-command).
    private static let clients = Mutex<[String: EtcdClient]>([:])

    static func client(_ configuration: EtcdConfiguration) throws -> EtcdClient {
        let name = "\(configuration.endpoints) \(String(describing: configuration.tls)) "
            + "\(configuration.credentials?.user ?? "")"
        return try clients.withLock { clients in
            if let client = clients[name] { return client }
            let client = try EtcdClient(configuration: configuration)
            clients[name] = client
            return client
        }
    }

    /// Opens the keystore at `location` (a directory: permissions checked; etcd: the key-encryption key, when
    /// given, checked against the keystore's).
    public static func open(_ location: KeystoreLocation, access: FleetAccess = FleetAccess(),
                            clock: any APNsClock = SystemClock(),
                            lockTimeout: TimeInterval = Keystore.defaultLockTimeout) throws -> Keystore {
        guard EtcdURL.isEtcd(location.path) else { return try Keystore.open(location, clock: clock, lockTimeout: lockTimeout) }
        let storage = try etcdStorage(location.path, access: access.filled(), lockTimeout: lockTimeout, creating: nil)
        let store = Keystore(storage: storage, clock: clock)
        _ = try store.manifest()
        try store.migrateIfNeeded()
        return store
    }

    /// Creates a keystore at `location`; an etcd keystore needs a key-encryption key (`--kek-file`).
    public static func create(_ location: KeystoreLocation, access: FleetAccess = FleetAccess(),
                              clock: any APNsClock = SystemClock(),
                              lockTimeout: TimeInterval = Keystore.defaultLockTimeout) throws -> Keystore {
        guard EtcdURL.isEtcd(location.path) else {
            return try Keystore.create(at: location.path, clock: clock, lockTimeout: lockTimeout)
        }
        let storage = try etcdStorage(location.path, access: access.filled(), lockTimeout: lockTimeout, creating: clock)
        return Keystore(storage: storage, clock: clock)
    }

    /// The storage for `text`; with `creating`, a new keystore is made there in one transaction.
    static func etcdStorage(_ text: String, access: FleetAccess, lockTimeout: TimeInterval,
                            creating clock: (any APNsClock)?) throws -> EtcdStorage {
        let url = try EtcdURL(parsing: text)
        let client = try client(try access.configuration(url))
        let material = try access.kekFile.map(KeyEncryptionKey.read)
        let bare = EtcdStorage(url: url, client: client, kek: nil, lockTimeout: lockTimeout)
        if let clock {
            guard let material else {
                throw APNsError.usage("an etcd keystore seals its secrets with a key-encryption key: none was given",
                                      remedy: FleetRemedy.makeKEK)
            }
            let (kek, record) = try KeyEncryptionKey.create(material)
            let storage = EtcdStorage(url: url, client: client, kek: kek, lockTimeout: lockTimeout)
            let entry = AuditEntry(time: clock.now(), action: "keystore.init", teamID: nil, keyID: nil, outcome: .ok,
                                   detail: "created \(url)")
            let created = try storage.txn(
                [.absent(storage.manifestKey), .absent(storage.kekKey)],
                [.put(key: storage.kekKey, value: Array(try JSONEncoder().encode(record))),
                 .put(key: storage.manifestKey, value: try KeystoreCoding.encode(Manifest())),
                 .put(key: storage.auditKey(entry), value: try KeystoreCoding.encode(entry))])
            guard created.succeeded else {
                throw APNsError.keystore("\(url): already holds a keystore",
                                         remedy: FleetRemedy.useExisting(location: "\(url)"))
            }
            return storage
        }
        guard let material else { return bare }
        guard let stored = try bare.get(bare.kekKey),
              let record = try? JSONDecoder().decode(KeyEncryptionKey.Record.self, from: Data(stored.value)) else {
            _ = try bare.readManifest()
            throw APNsError.keystore("\(url): the key-encryption key record is missing or damaged",
                                     remedy: FleetRemedy.restoreFromCopy(keystore: true))
        }
        let kek = try KeyEncryptionKey.open(material, record: record, keystore: url.description)
        return EtcdStorage(url: url, client: client, kek: kek, lockTimeout: lockTimeout)
    }
}
