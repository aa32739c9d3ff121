import APNsCore
import APNsKeystore
import APNsKeystoreEtcd
import APNsModel
import APNsTokens
import Foundation

// Signatures per hour for a fleet of hosts, with and without the shared token, over a simulated day.
// For Benchmarks/run.sh (case fleet_token); not part of `swift test`.
//
//   apnsctl-fleet-bench --keystore etcd://…/PREFIX --kek-file FILE --directory DIR [--hosts 10] [--hours 24]
//
// Each host asks for a provider token every simulated minute (a sender that opens a connection a minute), on one
// clock moved by hand. Shared: every host is its own Keystore on the etcd keystore (its key active, no token yet).
// Not shared: every host has its own directory keystore holding the same kind of key. The JSON printed:
// {"hosts", "hours", "shared_signatures", "unshared_signatures", "shared_per_hour", "unshared_per_hour"}.

func value(_ flag: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

guard let url = value("--keystore"), let kek = value("--kek-file"), let directory = value("--directory") else {
    FileHandle.standardError.write(Data("usage: apnsctl-fleet-bench --keystore URL --kek-file FILE --directory DIR [--hosts N] [--hours H]\n".utf8))
    exit(2)
}
let hosts = Int(value("--hosts") ?? "10") ?? 10
let hours = Int(value("--hours") ?? "24") ?? 24
let team = "FLEETBENCH"
let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))

/// Every host asks once a minute for `hours`; the number of tokens signed (not reused).
func signatures(_ stores: [Keystore]) throws -> Int {
    var signed = 0
    for _ in 0..<(hours * 60) {
        for store in stores {
            if try !store.token(team: team, environment: .production).reused { signed += 1 }
        }
        clock.advance(60)
    }
    return signed
}

do {
    let access = FleetAccess(kekFile: kek)
    let fleet = try KeystoreStores.open(KeystoreLocation(path: url, source: .flag), access: access, clock: clock)
    _ = try fleet.generateKey(team: team, keyID: "FLEETKEY01", scope: try KeyScope(environments: [.production], restriction: .team, source: .declared))
    let shared = try signatures((0..<hosts).map { _ in
        try KeystoreStores.open(KeystoreLocation(path: url, source: .flag), access: access, clock: clock)
    })
    clock.set(Date(timeIntervalSince1970: 1_900_000_000))
    let locals = try (0..<hosts).map { index -> Keystore in
        let store = try KeystoreStores.create(KeystoreLocation(path: "\(directory)/host\(index)", source: .flag), clock: clock)
        _ = try store.generateKey(team: team, keyID: "LOCALKEY0\(index)", scope: try KeyScope(environments: [.production], restriction: .team, source: .declared))
        return store
    }
    let unshared = try signatures(locals)
    let report: [String: Double] = ["hosts": Double(hosts), "hours": Double(hours),
                                    "shared_signatures": Double(shared), "unshared_signatures": Double(unshared),
                                    "shared_per_hour": Double(shared) / Double(hours),
                                    "unshared_per_hour": Double(unshared) / Double(hours)]
    let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("apnsctl-fleet-bench: \(error)\n".utf8))
    exit(1)
}
