import Foundation

/// Where the tests find the repository's fixtures and the shared real-world samples, and make scratch space.
public enum TestPaths {
    /// The repository root, found from this file's path (`Tests/TestSupport/Paths.swift`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures` in the repository (made by the committed scripts under `scripts/`).
    public static let fixtures: URL = repositoryRoot.appendingPathComponent("Tests/Fixtures")

    /// `../shared/samples`: present in CI and development checkouts, absent in a user's clone.
    public static let samples: URL = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")

    /// A program this package builds (e.g. `apnsctl-exporter-config`): beside the test bundle, else under
    /// `.build/debug`.
    public static func builtProgram(_ name: String) -> String {
        let bundle = Bundle.main.bundleURL
        for candidate in [bundle.appendingPathComponent(name), bundle.deletingLastPathComponent().appendingPathComponent(name)]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        return repositoryRoot.appendingPathComponent(".build/debug/\(name)").path
    }

    /// A fresh empty directory under the system's temporary directory, named `apnsctl-<label>-<uuid>`.
    public static func temporaryDirectory(_ label: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apnsctl-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The fuzz targets' inputs kept in the repository: the seeds (`Tests/Fuzz/corpus/<target>/`, made by
/// scripts/make-fuzz-corpus.sh) and every input a fuzzer ever crashed on (`Tests/Fuzz/regressions/<target>/`),
/// which the ordinary suite replays through the same entry points (docs/fuzzing.md).
public enum FuzzInputs {
    /// Every kept input of `target` (e.g. `fuzz-credential-reader`), seeds then regressions, by name.
    public static func files(_ target: String) -> [(name: String, bytes: [UInt8])] {
        ["corpus", "regressions"].flatMap { kind -> [(name: String, bytes: [UInt8])] in
            let folder = TestPaths.repositoryRoot.appendingPathComponent("Tests/Fuzz/\(kind)/\(target)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted().compactMap { name in
                FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
                    .map { ("\(kind)/\(name)", Array($0)) }
            }
        }
    }
}

/// `Tests/Fixtures/keystore-v1`: a keystore written by apnsctl before keys recorded their scope (manifest
/// version 1; see its README.md).
public enum LegacyKeystoreFixture {
    /// A private copy (directories 0700, files 0600, as the keystore requires) in a fresh temporary directory.
    public static func copy() throws -> String {
        let source = TestPaths.fixtures.appendingPathComponent("keystore-v1")
        let target = TestPaths.temporaryDirectory("legacy-ks").appendingPathComponent("keystore")
        let manager = FileManager.default
        try manager.createDirectory(atPath: target.path + "/keys", withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o700])
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: target.path)
        for name in ["keystore.json", "audit.log", "keys/ABC123DEFG.p8", "keys/NEW456HIJK.p8", "keys/GEN0000001.p8"] {
            let to = target.path + "/" + name
            try manager.copyItem(atPath: source.path + "/" + name, toPath: to)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: to)
        }
        return target.path
    }
}
