@testable import APNsExporter
import Testing

/// The exporter gives back the clean file pages start-up mapped: only read-only, file-backed mappings holding no
/// private copy are dropped, and what the process holds in its own memory is untouched.
struct StartupPagesTests {
    @Test func onlyCleanReadOnlyFileMappingsAreChosen() {
        let smaps = """
            55d0c0000000-55d0c0200000 r--p 00000000 08:01 1234 /usr/bin/apnsctl
            Rss:                 800 kB
            Anonymous:             0 kB
            55d0c0200000-55d0c0a00000 r-xp 00200000 08:01 1234 /usr/bin/apnsctl
            Rss:                6000 kB
            Anonymous:             0 kB
            55d0c0a00000-55d0c0b00000 r--p 00a00000 08:01 1234 /usr/bin/apnsctl
            Rss:                1024 kB
            Anonymous:          1024 kB
            55d0c0b00000-55d0c0c00000 rw-p 00b00000 08:01 1234 /usr/bin/apnsctl
            Rss:                 512 kB
            Anonymous:           512 kB
            55d0c0c00000-55d0c0d00000 rw-p 00000000 00:00 0
            Rss:                 100 kB
            Anonymous:           100 kB
            7f0000000000-7f0000001000 r--p 00000000 00:00 0 [vvar]
            Rss:                   4 kB
            Anonymous:             0 kB
            7f0000002000-7f0000003000 r-xp 00000000 08:01 99 /usr/lib/x86_64-linux-gnu/libc.so.6
            Rss:                   4 kB
            Anonymous:             0 kB
            """
        let chosen = StartupPages.parse(smaps: Array(smaps.utf8))
        #expect(chosen == [
            StartupPages.Mapping(start: 0x55d0c0000000, end: 0x55d0c0200000, residentKiB: 800),
            StartupPages.Mapping(start: 0x55d0c0200000, end: 0x55d0c0a00000, residentKiB: 6000),
            StartupPages.Mapping(start: 0x7f0000002000, end: 0x7f0000003000, residentKiB: 4),
        ], "the text and read-only data of files, not relocated data, .data, the heap or [vvar]")
    }

    /// In this process: the chosen mappings hold less afterwards, and the process's own memory reads the same.
    @Test func releasingGivesPagesBackAndKeepsTheProcesssMemory() {
        let kept = (0..<100_000).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        let before = StartupPages.readOnlyCleanFileMappings()
        let resident = before.reduce(0) { $0 + $1.residentKiB }
        #expect(!before.isEmpty && resident > 0, "the test binary maps its own text")
        let released = StartupPages.release()
        #expect(released > 0, "it counts what it gave back")
        // Counted right after the release: only what this test touched since has come back.
        let after = StartupPages.readOnlyCleanFileMappings().reduce(0) { $0 + $1.residentKiB }
        print("clean read-only file mappings: \(resident) KiB resident before the release, \(after) KiB after")
        #expect(after < resident, "\(after) KiB after, \(resident) KiB before")
        #expect(kept == (0..<100_000).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) })
    }
}
