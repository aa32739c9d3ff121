import APNsKeystore
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shell completion of team and key ids from the keystore the command line names (or the default one).
enum KeystoreCompletion {
    /// The keystore's team ids.
    static let teams = CompletionKind.custom { words, _, prefix in
        values(words) { Set($0.map(\.teamID)).sorted() }.filter { $0.hasPrefix(prefix) }
    }

    /// The keystore's key ids.
    static let keyIDs = CompletionKind.custom { words, _, prefix in
        values(words) { $0.map(\.keyID).sorted() }.filter { $0.hasPrefix(prefix) }
    }

    /// The keys `key rotate --to` can make active: staged or retired ones (of `--team` when given), never the
    /// active or a revoked key.
    static let rotationTargets = CompletionKind.custom { words, _, prefix in
        let team = words.firstIndex(of: "--team").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
        return values(words) { keys in
            keys.filter { ($0.state == .staged || $0.state == .retired) && (team == nil || $0.teamID == team) }
                .map(\.keyID).sorted()
        }.filter { $0.hasPrefix(prefix) }
    }

    /// Topics the keystore knows: those of its topic-specific keys and of its certificates.
    static let topics = CompletionKind.custom { words, _, prefix in
        let flag = words.firstIndex(of: "--keystore").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
        guard let keystore = try? Keystore.open(KeystoreLocation.resolve(flag: flag)),
              let manifest = try? keystore.manifest() else { return [] }
        let known = manifest.keys.flatMap { $0.scope.topics ?? [] } + manifest.certificates.flatMap(\.topics)
        return Set(known).sorted().filter { $0.hasPrefix(prefix) }
    }

    /// Certificate and PKCS#12 files.
    static let credentialFiles = CompletionKind.file(extensions: ["p12", "pfx", "pem", "cer", "der", "crt"])

    /// .p8 signing keys.
    static let keyFiles = CompletionKind.file(extensions: ["p8", "pem"])

    /// Reads the keys of the keystore `--keystore` names in `words`, or the default one; nothing on any error.
    private static func values(_ words: [String], _ pick: ([KeyRecord]) -> [String]) -> [String] {
        let flag = words.firstIndex(of: "--keystore").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
        guard let keystore = try? Keystore.open(KeystoreLocation.resolve(flag: flag)),
              let keys = try? keystore.keys() else { return [] }
        return pick(keys)
    }
}
