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
