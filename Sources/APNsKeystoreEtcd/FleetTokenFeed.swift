import APNsCore
import APNsEtcd
import APNsKeystore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fleet's token records as a token agent sees them: a snapshot, then a watch of every change after it.
///
/// It reads `PREFIX/tokens/` only, which is all a sender's etcd role may read (docs/fleet.md), and never the
/// manifest or a key. With `watchesManifest` it also reports changes of `PREFIX/manifest` (a signing agent's view).
public struct FleetTokenFeed: Sendable {
    /// A record as the agent tracks it: the record and the revision that wrote it.
    public struct Stored: Sendable, Equatable {
        public var record: FleetTokenRecord
        public var modRevision: Int64

        public init(record: FleetTokenRecord, modRevision: Int64) {
            self.record = record
            self.modRevision = modRevision
        }
    }

    /// One change seen by the watch.
    public enum Change: Sendable, Equatable {
        case put(Stored)
        case deleted(keyID: String, revision: Int64)
        case manifestChanged
    }

    let storage: EtcdStorage
    /// Whether changes of the manifest are reported too.
    public let watchesManifest: Bool

    init(storage: EtcdStorage, watchesManifest: Bool) {
        self.storage = storage
        self.watchesManifest = watchesManifest
    }

    /// Where the records live, for messages.
    public var location: String { storage.location }

    /// Every record now, and the revision of that read (watch from the next one).
    public func snapshot() async throws -> (records: [Stored], revision: Int64) {
        let result = try await storage.client.range(storage.tokensPrefix, prefix: true)
        return (result.keyValues.compactMap(stored), result.revision)
    }

    /// Every change after `revision`, in order; ends with an error when etcd is out of reach (see
    /// `EtcdClient.watch(prefix:fromRevision:)`).
    public func changes(after revision: Int64) -> AsyncThrowingStream<Change, any Error> {
        let prefix = watchesManifest ? storage.key("") : storage.tokensPrefix
        let manifestKey = storage.manifestKey, recordsPrefix = storage.tokenRecordsPrefix, stored = self.stored
        let events = storage.client.watch(prefix: prefix, fromRevision: revision + 1)
        let (stream, continuation) = AsyncThrowingStream<Change, any Error>.makeStream()
        let task = Task {
            do {
                for try await event in events {
                    let key = event.keyValue.key
                    if key == manifestKey {
                        continuation.yield(.manifestChanged)
                    } else if key.hasPrefix(recordsPrefix) {
                        switch event.kind {
                        case .put:
                            if let record = stored(event.keyValue) { continuation.yield(.put(record)) }
                        case .delete:
                            continuation.yield(.deleted(keyID: String(key.dropFirst(recordsPrefix.count)),
                                                        revision: event.revision))
                        }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// A record under `tokens/keys/`, with the revision that wrote it.
    private func stored(_ kv: EtcdKeyValue) -> Stored? {
        guard kv.key.hasPrefix(storage.tokenRecordsPrefix), let record = FleetTokenRecord(stored: kv.value) else { return nil }
        return Stored(record: record, modRevision: kv.modRevision)
    }
}

extension KeystoreStores {
    /// The token records of the fleet keystore at `location`, for `apnsctl token agent`: needs read access to
    /// `PREFIX/tokens/` and nothing else (no key-encryption key, no manifest). A directory keystore has no feed:
    /// a usage error says what to do instead.
    public static func tokenFeed(_ location: KeystoreLocation, access: FleetAccess = FleetAccess(),
                                 watchesManifest: Bool = false) throws -> FleetTokenFeed {
        guard EtcdURL.isEtcd(location.path) else {
            throw APNsError.usage("\(location.path): a token agent serves a fleet keystore (etcd://…), not a directory",
                                  remedy: FleetRemedy.useTheKeystoresToken)
        }
        let filled = access.filled()
        let url = try EtcdURL(parsing: location.path)
        let storage = EtcdStorage(url: url, client: try client(try filled.configuration(url)), kek: nil,
                                  lockTimeout: Keystore.defaultLockTimeout)
        return FleetTokenFeed(storage: storage, watchesManifest: watchesManifest)
    }
}
