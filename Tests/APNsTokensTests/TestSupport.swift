import APNsCore
import APNsTokens
import Crypto
import Foundation

typealias FakeClock = ManualClock

/// A key source whose active key the test can switch (rotation), counting private-key loads (= signatures).
final class SwitchableKeySource: ProviderKeySource, @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: P256.Signing.PrivateKey]
    private var active: String
    private var loads = 0
    let teamID: String

    init(teamID: String = "TEAM123456", keyIDs: [String] = ["KEYAAAAAAA", "KEYBBBBBBB"]) {
        self.teamID = teamID
        keys = Dictionary(uniqueKeysWithValues: keyIDs.map { ($0, P256.Signing.PrivateKey()) })
        active = keyIDs[0]
    }

    func activate(_ keyID: String) {
        lock.lock()
        active = keyID
        lock.unlock()
    }

    var signatures: Int {
        lock.lock()
        defer { lock.unlock() }
        return loads
    }

    func publicKey(_ keyID: String) -> P256.Signing.PublicKey? { keys[keyID]?.publicKey }

    func signingKey(team: String?, keyID: String?) throws -> SigningKeyReference {
        lock.lock()
        defer { lock.unlock() }
        return SigningKeyReference(teamID: teamID, keyID: keyID ?? active)
    }

    func privateKey(for reference: SigningKeyReference) throws -> P256.Signing.PrivateKey {
        lock.lock()
        defer { lock.unlock() }
        loads += 1
        guard let key = keys[reference.keyID] else { throw APNsError.keystore("unknown \(reference.keyID)") }
        return key
    }
}

func minutes(_ m: Int, _ s: Int = 0) -> TimeInterval { TimeInterval(m * 60 + s) }
