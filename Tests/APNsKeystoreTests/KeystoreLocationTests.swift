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

    /// Issue 19: another user's keystore (0700) was "no keystore here". The classification, with the file
    /// system's answers injected (the tests run as root, which no permission stops).
    @Test func aKeystoreThisUserCannotEnterIsDeniedNotAbsent() {
        let root = "/srv/other/ks"
        let denied = KeystoreAccess.classify(root: root) { path, _ in
            switch path {
            case root + "/keystore.json": return .init(statError: EACCES)
            case root: return .init(statError: 0, owner: "root", mode: 0o700, usable: false)
            default: return .init(statError: 0, owner: "root", mode: 0o755, usable: true)
            }
        }
        #expect(denied == .denied(path: root, owner: "root", mode: 0o700))
        #expect(denied.error?.message == "/srv/other/ks: permission denied (owned by root, 0700)")
        #expect(denied.error?.status == .keystore)
        #expect(denied.error?.remedy as? KeystoreRemedy == .runAsOwner("root"))
        // A parent that cannot be searched is the one named.
        let parent = KeystoreAccess.classify(root: root) { path, _ in
            switch path {
            case "/srv/other": return .init(statError: 0, owner: "alice", mode: 0o750, usable: false)
            case "/srv", "/": return .init(statError: 0, owner: "root", mode: 0o755, usable: true)
            default: return .init(statError: EACCES)
            }
        }
        #expect(parent == .denied(path: "/srv/other", owner: "alice", mode: 0o750))
        // A manifest that is there but unreadable.
        let manifest = KeystoreAccess.classify(root: root) { _, _ in .init(statError: 0, owner: "root", mode: 0o600, usable: false) }
        #expect(manifest == .denied(path: root + "/keystore.json", owner: "root", mode: 0o600))
        #expect(KeystoreAccess.classify(root: root) { _, _ in .init(statError: ENOENT) } == .absent)
        #expect(KeystoreAccess.classify(root: root) { _, _ in .init(statError: 0, owner: "me", mode: 0o600) } == .present)
    }
}
