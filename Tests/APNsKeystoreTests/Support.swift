import APNsCore
import APNsKeystore
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
