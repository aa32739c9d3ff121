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
