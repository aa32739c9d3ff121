import Foundation
import Testing

/// apnsctl builds on FoundationEssentials, never full Foundation: full Foundation brings ICU and its 30 MB data
/// table (icudt) into the static release binary. The debug binary the tests run is linked dynamically, so its
/// NEEDED entries show any Foundation library directly; the release binary, when one is built, must hold no
/// `icudt` (scripts/check-lean-binary.sh, which `make dist` also runs).
@Suite struct LeanBinaryTests {
    @Test func theBinaryNeedsNoFullFoundationLibrary() throws {
        let result = try CLI.tool("/usr/bin/readelf", ["-d", CLI.binary.path])
        #expect(result.status == 0)
        let needed = result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "readelf printed no NEEDED entries: \(result.output)")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
                        "libFoundationNetworking.so"] {
            #expect(!needed.contains { $0.contains("[\(library)]") }, "apnsctl links \(library): a module imports Foundation")
        }
    }

    /// The exporter's YAML reader (Yams, which imports full Foundation) is a program of its own: no Yams symbol in
    /// apnsctl, all of them in apnsctl-exporter-config beside it.
    @Test func yamsLivesInTheConfigurationToolOnly() throws {
        func yamsSymbols(_ binary: URL) throws -> Int {
            let result = try CLI.tool("/usr/bin/readelf", ["-W", "-s", binary.path])
            #expect(result.status == 0)
            return result.output.split(separator: "\n").filter { $0.contains("4Yams") }.count
        }
        let tool = CLI.binary.deletingLastPathComponent().appendingPathComponent("apnsctl-exporter-config")
        #expect(try yamsSymbols(CLI.binary) == 0, "apnsctl links Yams: only apnsctl-exporter-config may")
        #expect(try yamsSymbols(tool) > 0, "readelf found no Yams symbol in \(tool.path): the check sees nothing")
    }

    static let release = CLI.repositoryRoot.appendingPathComponent(".build/release/apnsctl")

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: release.path), "no release build"))
    func theReleaseBinaryHoldsNoICUData() throws {
        let script = CLI.repositoryRoot.appendingPathComponent("scripts/check-lean-binary.sh").path
        let result = try CLI.tool("/bin/bash", [script, Self.release.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("no ICU data"))
    }
}
