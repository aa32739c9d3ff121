import Foundation
import TestSupport

/// etcd's whole revision history under the keystore's prefix, read through the gateway's watch from revision 1
/// (the test cluster never compacts): the fault suite's ground truth.
struct FleetHistory {
    struct Event {
        var revision: Int
        var put: Bool
        var key: String
        var value: Data
    }

    var events: [Event] = []

    /// Every event under `prefix` at member `endpoint`, in revision order (a watch from revision 1, read for a few
    /// seconds: the history is replayed at once).
    static func read(_ endpoint: String, prefix: String) throws -> FleetHistory {
        let key = Data(prefix.utf8).base64EncodedString()
        var end = Array(prefix.utf8)
        end[end.count - 1] += 1
        let body = #"{"create_request":{"key":"\#(key)","range_end":"\#(Data(end).base64EncodedString())","start_revision":"1"}}"#
        let output = try CLI.tool("/usr/bin/curl", ["-sN", "--max-time", "4", "-X", "POST", "http://\(endpoint)/v3/watch",
                                                    "-d", body])
        var history = FleetHistory()
        for line in output.output.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let result = object["result"] as? [String: Any] else { continue }
            for event in result["events"] as? [[String: Any]] ?? [] {
                guard let kv = event["kv"] as? [String: Any],
                      let name = (kv["key"] as? String).flatMap({ Data(base64Encoded: $0) }) else { continue }
                history.events.append(Event(revision: Int(kv["mod_revision"] as? String ?? "") ?? 0,
                                            put: (event["type"] as? String ?? "PUT") == "PUT",
                                            key: String(decoding: name, as: UTF8.self),
                                            value: (kv["value"] as? String).flatMap { Data(base64Encoded: $0) } ?? Data()))
            }
        }
        return history
    }

    /// What the checkers found.
    struct Findings {
        var manifestVersions = 0
        var tokenWrites = 0
        var violations: [(revision: Int, text: String)] = []
        /// Per key: the revision of the manifest that first made it retired or revoked.
        var retiredAt: [String: Int] = [:]
        /// Keys that were active in some manifest version.
        var everActive: Set<String> = []
    }

    /// The keystore's promises, checked on every revision: one active key per slot in every manifest version,
    /// each manifest change audited exactly once in its own revision, and no token record of a key written at a
    /// revision where the manifest no longer lets it sign.
    func check(prefix: String) -> Findings {
        var findings = Findings()
        var states: [String: String] = [:]
        let byRevision = Dictionary(grouping: events, by: \.revision).sorted { $0.key < $1.key }
        for (revision, group) in byRevision {
            if let manifest = group.last(where: { $0.put && $0.key == prefix + "/manifest" }) {
                findings.manifestVersions += 1
                let keys = ((try? JSONSerialization.jsonObject(with: manifest.value)) as? [String: Any])?["keys"] as? [[String: Any]] ?? []
                var holders: [String: [String]] = [:]
                for key in keys {
                    let id = key["key_id"] as? String ?? "?", state = key["state"] as? String ?? "?"
                    if state == "active" {
                        findings.everActive.insert(id)
                        let team = key["team_id"] as? String ?? "?"
                        let scope = key["scope"] as? [String: Any]
                        let topics = (scope?["topics"] as? [String])?.joined(separator: "+") ?? "*"
                        for environment in scope?["environments"] as? [String] ?? ["development", "production"] {
                            holders["\(team)/\(environment)/\(topics)", default: []].append(id)
                        }
                    }
                    if (state == "retired" || state == "revoked"), states[id] == "active" || states[id] == "staged" {
                        findings.retiredAt[id] = findings.retiredAt[id] ?? revision
                    }
                    states[id] = state
                }
                for (slot, ids) in holders where ids.count > 1 {
                    findings.violations.append((revision, "two active keys in \(slot): \(ids)"))
                }
                let audits = group.filter { $0.put && $0.key.hasPrefix(prefix + "/audit/") }
                let ok = audits.filter { (((try? JSONSerialization.jsonObject(with: $0.value)) as? [String: Any])?["outcome"] as? String) == "ok" }
                if ok.count != 1 {
                    findings.violations.append((revision, "a manifest change with \(ok.count) ok audit entries in its revision"))
                }
            }
            for event in group where event.put && event.key.hasPrefix(prefix + "/tokens/keys/") {
                let id = String(event.key.dropFirst((prefix + "/tokens/keys/").count))
                // A rotation narrows a retired key's kept record (same token): not a signature.
                let token = ((try? JSONSerialization.jsonObject(with: event.value)) as? [String: Any])?["token"] as? String
                let earlier = events.last { $0.revision < revision && $0.put && $0.key == event.key }
                let earlierToken = earlier.flatMap { ((try? JSONSerialization.jsonObject(with: $0.value)) as? [String: Any])?["token"] as? String }
                if token != nil, token == earlierToken { continue }
                findings.tokenWrites += 1
                if let state = states[id], state != "active", state != "staged" {
                    findings.violations.append((revision, "a token of \(state) key \(id) was stored"))
                }
            }
        }
        return findings
    }
}

/// The suite's timeline: faults, commands, what the readers saw; a violation is reported with the entries
/// around it.
final class FaultTimeline: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(Date, String)] = []
    let start = Date()

    func note(_ text: String) { lock.withLock { entries.append((Date(), text)) } }

    /// The entries within `seconds` of `date`, one a line with its offset from the start.
    func around(_ date: Date, seconds: TimeInterval = 4) -> String {
        lock.withLock {
            entries.filter { abs($0.0.timeIntervalSince(date)) <= seconds }
                .map { String(format: "%7.2f s  %@", $0.0.timeIntervalSince(start), $0.1) }.joined(separator: "\n")
        }
    }

    /// Entries naming `text`, first one's date.
    func first(containing text: String) -> Date? { lock.withLock { entries.first { $0.1.contains(text) }?.0 } }
}

/// A value the suite's threads share, behind a lock.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
    var current: Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
