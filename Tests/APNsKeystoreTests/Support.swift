import APNsCore
import APNsKeystore
import APNsModel
import APNsTokens
import Crypto
import Foundation

typealias FakeClock = ManualClock

enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/keys")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { try SecureFile.read(path(name)) }

    static func material(_ name: String) throws -> SigningKeyMaterial {
        try SigningKeyMaterial.parse(try bytes(name), file: name)
    }
}

/// A fresh keystore in its own temporary directory.
func makeKeystore(clock: FakeClock = FakeClock()) throws -> Keystore {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-ks-\(UUID().uuidString)")
    return try Keystore.create(at: root.path, clock: clock, lockTimeout: 2)
}

func fileMode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

extension APNsError {
    /// True when the status matches and the message mentions every fragment.
    func matches(_ status: ExitStatus, _ fragments: String...) -> Bool {
        self.status == status && fragments.allSatisfy { message.contains($0) }
    }
}

/// Key records for the pure rules: a real generated key's record copied with another id, team, state and scope.
enum KeyRecords {
    static let template: KeyRecord = {
        guard let store = try? makeKeystore(), (try? store.generateKey(team: "DEF123GHIJ", keyID: "TEMPLATE01")) != nil,
              let record = try? store.key("TEMPLATE01") else { preconditionFailure("no template key") }
        return record
    }()

    /// A record of `team` in `state`; `environments` empty with `legacy` for a legacy scope.
    static func make(_ id: String, _ state: KeyState, _ environments: [APNsEnvironment], topics: [String]? = nil,
                     related: String? = nil, legacy: Bool = false, team: String = "DEF123GHIJ") throws -> KeyRecord {
        var record = template
        record.keyID = id
        record.teamID = team
        record.state = state
        record.scope = legacy ? .legacy : try KeyScope(environments: environments,
                                                        restriction: topics.map { .topics($0) } ?? .team,
                                                        relatedKeyID: related, source: .declared)
        return record
    }
}
