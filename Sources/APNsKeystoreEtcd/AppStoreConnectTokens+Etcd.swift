import APNsCore
import APNsEtcd
import APNsKeystore
import APNsTokens
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An etcd keystore's App Store Connect tokens: one record, `PREFIX/asc-tokens`, sealed under the key-encryption
/// key like the keys (a token is a bearer secret, and no token agent reads it), changed under etcd's lock
/// `PREFIX/locks/asc-tokens` in a transaction comparing the record it read, so every host shares one token per key.
extension EtcdStorage: AppStoreConnectTokenStorage {
    var appStoreConnectTokensKey: String { key("asc-tokens") }

    public func withAppStoreConnectTokens<T>(_ body: (inout AppStoreConnectTokenCache) throws -> T) throws -> T {
        let kek = try requireKEK("an App Store Connect token")
        let name = "asc-tokens"
        return try withWaitingLock(name) {
            for _ in 1...Self.attempts {
                let stored = try get(appStoreConnectTokensKey)
                let before = stored.flatMap { try? kek.open($0.value, name: name) }.flatMap {
                    try? JSONDecoder().decode(AppStoreConnectTokenCache.self, from: Data($0))
                } ?? AppStoreConnectTokenCache()
                var cache = before
                let result = try body(&cache)
                if cache == before { return result }
                let sealed = try kek.seal(Array(try JSONEncoder().encode(cache)), name: name)
                if try txn([.unchanged(appStoreConnectTokensKey, since: stored)],
                           [.put(key: appStoreConnectTokensKey, value: sealed)]).succeeded { return result }
            }
            throw APNsError.keystore("\(location): the shared App Store Connect tokens kept changing "
                                     + "(\(Self.attempts) attempts)", hint: "try again")
        }
    }
}
