import APNsCore
import APNsKeystoreEtcd
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a token agent knows and serves, and the rules that decide its files. Pure: no clock, no I/O.
///
/// - Each file (`TEAM-ENV.token`, `TEAM-ENV-TOPIC.token`) gets the newest live record that feeds it (greatest
///   `iat`, then revision).
/// - A file never goes back: a record older than one the file has served is never written; when the newest is
///   deleted (revocation) and only older ones remain, the file is removed.
/// - A token at least ``maximumAge`` old (55 minutes) is never served, whatever etcd says.
public struct AgentState: Sendable, Equatable {
    /// What one file holds now.
    public struct Served: Sendable, Equatable {
        public var keyID: String
        public var teamID: String
        public var environment: String
        public var issuedAt: Int64
        public var token: String
    }

    /// One change to the files.
    public enum Action: Sendable, Equatable {
        case write(file: String, Served)
        case remove(file: String, reason: String)
    }

    /// 55 minutes: APNs refuses a token past 60; the agent stops serving it five minutes before.
    public static let maximumAge: Int64 = 55 * 60

    /// The records, by key id.
    public private(set) var records: [String: FleetTokenFeed.Stored] = [:]
    /// The files, as written.
    public private(set) var served: [String: Served] = [:]
    /// The newest `iat` each file has ever served.
    public private(set) var newest: [String: Int64] = [:]

    public init() {}

    /// Replaces every record (a snapshot after a (re)connection).
    public mutating func replaceAll(_ stored: [FleetTokenFeed.Stored]) {
        records = Dictionary(stored.map { ($0.record.keyID, $0) }, uniquingKeysWith: { $0.modRevision > $1.modRevision ? $0 : $1 })
    }

    /// Applies one watched change.
    public mutating func apply(_ change: FleetTokenFeed.Change) {
        switch change {
        case .put(let stored):
            if let known = records[stored.record.keyID], known.modRevision > stored.modRevision { return }
            records[stored.record.keyID] = stored
        case .deleted(let keyID, let revision):
            if let known = records[keyID], known.modRevision > revision { return }
            records[keyID] = nil
        case .manifestChanged:
            break
        }
    }

    /// What the files should become at `now` (unix seconds); ``commit(_:)`` records each action once done.
    public func plan(now: Int64) -> [Action] {
        var best: [String: Served] = [:], bestRevision: [String: Int64] = [:]
        for stored in records.values {
            let record = stored.record
            guard now - record.issuedAt < Self.maximumAge else { continue }
            for file in record.fileNames {
                let candidate = Served(keyID: record.keyID, teamID: record.teamID,
                                       environment: Self.environment(of: file, team: record.teamID),
                                       issuedAt: record.issuedAt, token: record.token)
                if let current = best[file],
                   (current.issuedAt, bestRevision[file] ?? 0) >= (record.issuedAt, stored.modRevision) { continue }
                best[file] = candidate
                bestRevision[file] = stored.modRevision
            }
        }
        var actions: [Action] = []
        for file in Set(best.keys).union(served.keys).sorted() {
            let wanted = best[file].flatMap { $0.issuedAt >= (newest[file] ?? .min) ? $0 : nil }
            switch (served[file], wanted) {
            case (let current?, nil):
                let reason: String
                if now - current.issuedAt >= Self.maximumAge {
                    reason = "its token is \((now - current.issuedAt) / 60) minutes old"
                } else if best[file] != nil {
                    reason = "its newest token was withdrawn and only older ones remain"
                } else {
                    reason = "no active key's token feeds it any more (its key was revoked, or rotated away "
                        + "leaving this slot without a key)"
                }
                actions.append(.remove(file: file, reason: reason))
            case (let current, let wanted?) where current != wanted:
                actions.append(.write(file: file, wanted))
            default:
                break
            }
        }
        return actions
    }

    /// Records that `action` was carried out.
    public mutating func commit(_ action: Action) {
        switch action {
        case .write(let file, let served):
            self.served[file] = served
            newest[file] = max(newest[file] ?? served.issuedAt, served.issuedAt)
        case .remove(let file, _):
            served[file] = nil
        }
    }

    /// Files whose token will reach ``maximumAge`` at `now`.
    public func expired(now: Int64) -> [String] {
        served.filter { now - $0.value.issuedAt >= Self.maximumAge }.keys.sorted()
    }

    /// `production` from `TEAM-production.token` or `TEAM-production-com.example.app.token`.
    static func environment(of file: String, team: String) -> String {
        let rest = file.dropFirst(team.count + 1).dropLast(".token".count)
        return String(rest.prefix { $0 != "-" })
    }
}
