import APNsCore
import APNsModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One broadcast channel as the mock keeps it.
public struct BroadcastChannel: Sendable, Equatable {
    /// The channel id (base64), as sent in `apns-channel-id`.
    public var id: String
    /// The app the channel belongs to.
    public var bundleID: String
    /// The environment it lives in; a channel never moves between environments.
    public var environment: APNsEnvironment
    /// `message-storage-policy`: 0 no storage, 1 the most recent message is stored.
    public var storagePolicy: Int
    /// When it was created, by the server's clock.
    public var createdAt: Date
}

/// The channels of every app, in memory, per (bundle id, environment), with a limit per app and environment
/// (APNs: 10,000). Thread-safe: every connection of the server shares one store.
final class ChannelStore: Sendable {
    /// The most channels one app may have in one environment.
    let limit: Int
    private let table = LockedBox<[Key: [BroadcastChannel]]>([:])

    private struct Key: Hashable {
        var bundleID: String
        var environment: APNsEnvironment
    }

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Creates a channel; nil when the app already has ``limit`` channels in `environment`.
    func create(bundleID: String, environment: APNsEnvironment, storagePolicy: Int, now: Date) -> BroadcastChannel? {
        table.withLock { table in
            let key = Key(bundleID: bundleID, environment: environment)
            var list = table[key] ?? []
            guard list.count < limit else { return nil }
            var id = ChannelID.make()
            while list.contains(where: { $0.id == id }) { id = ChannelID.make() }
            let channel = BroadcastChannel(id: id, bundleID: bundleID, environment: environment,
                                           storagePolicy: storagePolicy, createdAt: now)
            list.append(channel)
            table[key] = list
            return channel
        }
    }

    /// The channel `id` of the app in `environment`, if it exists.
    func channel(id: String, bundleID: String, environment: APNsEnvironment) -> BroadcastChannel? {
        table.withLock { $0[Key(bundleID: bundleID, environment: environment)]?.first { $0.id == id } }
    }

    /// Deletes channel `id`; false when it did not exist.
    func delete(id: String, bundleID: String, environment: APNsEnvironment) -> Bool {
        table.withLock { table in
            let key = Key(bundleID: bundleID, environment: environment)
            guard let index = table[key]?.firstIndex(where: { $0.id == id }) else { return false }
            table[key]?.remove(at: index)
            return true
        }
    }

    /// Every channel of the app in `environment`, oldest first.
    func list(bundleID: String, environment: APNsEnvironment) -> [BroadcastChannel] {
        table.withLock { $0[Key(bundleID: bundleID, environment: environment)] ?? [] }
    }

    /// Every channel of every app, oldest first per app.
    var all: [BroadcastChannel] {
        table.withLock { $0.values.flatMap { $0 }.sorted { $0.createdAt < $1.createdAt } }
    }
}
