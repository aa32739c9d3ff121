import APNsCore
import APNsTokens
import Crypto
import Foundation
import Synchronization

typealias FakeClock = ManualClock

/// A key source whose active key the test can switch (rotation), counting private-key loads (= signatures).
final class SwitchableKeySource: ProviderKeySource, Sendable {
    private struct State {
        var active: String
        var loads = 0
    }

    private let keys: [String: P256.Signing.PrivateKey]
    private let state: Mutex<State>
    let teamID: String

    init(teamID: String = "TEAM123456", keyIDs: [String] = ["KEYAAAAAAA", "KEYBBBBBBB"]) {
        self.teamID = teamID
        keys = Dictionary(uniqueKeysWithValues: keyIDs.map { ($0, P256.Signing.PrivateKey()) })
        state = Mutex(State(active: keyIDs[0]))
    }

    func activate(_ keyID: String) { state.withLock { $0.active = keyID } }

    var signatures: Int { state.withLock { $0.loads } }

    func publicKey(_ keyID: String) -> P256.Signing.PublicKey? { keys[keyID]?.publicKey }

    func signingKey(team: String?, keyID: String?) throws -> SigningKeyReference {
        let active = state.withLock { $0.active }
        return SigningKeyReference(teamID: teamID, keyID: keyID ?? active)
    }

    func privateKey(for reference: SigningKeyReference) throws -> P256.Signing.PrivateKey {
        state.withLock { $0.loads += 1 }
        guard let key = keys[reference.keyID] else { throw APNsError.keystore("unknown \(reference.keyID)") }
        return key
    }
}

func minutes(_ m: Int, _ s: Int = 0) -> TimeInterval { TimeInterval(m * 60 + s) }
