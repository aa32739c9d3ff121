import APNsKeystore
import Foundation
import Testing

@Suite struct KeystoreLocationTests {
    let cwd = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-loc-\(UUID().uuidString)").path

    @Test func theFlagWinsOverEverything() {
        let location = KeystoreLocation.resolve(flag: "ks", environment: ["APNSCTL_KEYSTORE": "/env/ks"],
                                                currentDirectory: "/work/repo")
        #expect(location == KeystoreLocation(path: "/work/repo/ks", source: .flag))
    }

    @Test func thenTheEnvironment() {
        let location = KeystoreLocation.resolve(flag: nil, environment: ["APNSCTL_KEYSTORE": "/env/ks",
                                                                         "XDG_DATA_HOME": "/xdg"],
                                                currentDirectory: "/work/repo")
        #expect(location == KeystoreLocation(path: "/env/ks", source: .environment))
    }

    @Test func thenAKeystoreInTheCurrentDirectoryOnlyWhenItHoldsOne() throws {
        let env = ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        try FileManager.default.createDirectory(atPath: cwd + "/keystore", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cwd) }
        // A bare keystore/ (the repository's, before init) does not count.
        #expect(KeystoreLocation.resolve(flag: nil, environment: env, currentDirectory: cwd)
                == KeystoreLocation(path: "/xdg/apnsctl", source: .xdgDataHome))
        _ = try Keystore.create(at: cwd + "/keystore")
        #expect(KeystoreLocation.resolve(flag: nil, environment: env, currentDirectory: cwd)
                == KeystoreLocation(path: cwd + "/keystore", source: .currentDirectory))
    }

    @Test func elseXDGDataHomeOrHomeLocalShare() {
        #expect(KeystoreLocation.resolve(flag: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"],
                                         currentDirectory: cwd).path == "/xdg/apnsctl")
        #expect(KeystoreLocation.resolve(flag: nil, environment: ["HOME": "/home/u"], currentDirectory: cwd).path
                == "/home/u/.local/share/apnsctl")
        // A relative XDG_DATA_HOME is invalid per the spec and ignored.
        #expect(KeystoreLocation.resolve(flag: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"],
                                         currentDirectory: cwd).path == "/home/u/.local/share/apnsctl")
    }
}
