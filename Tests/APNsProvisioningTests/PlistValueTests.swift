import APNsProvisioning
import Foundation
import Testing
import TestSupport

/// Property lists read with PropertyListDecoder: every plist type a profile uses, XML and binary alike, and a
/// crafted binary plist (a set) refused instead of crashing.
struct PlistValueTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>Name</key><string>App 1</string>
          <key>Version</key><integer>1</integer>
          <key>TimeToLive</key><integer>365</integer>
          <key>Ratio</key><real>2.5</real>
          <key>IsXcodeManaged</key><false/>
          <key>get-task-allow</key><true/>
          <key>CreationDate</key><date>2026-11-23T17:30:00Z</date>
          <key>DER-Encoded-Profile</key><data>AAEC/w==</data>
          <key>TeamIdentifier</key><array><string>ABCDE12345</string></array>
          <key>Entitlements</key><dict><key>aps-environment</key><string>production</string></dict>
        </dict></plist>
        """

    static let expected: PlistValue = .dictionary([
        "Name": .string("App 1"), "Version": .integer(1), "TimeToLive": .integer(365), "Ratio": .real(2.5),
        "IsXcodeManaged": .bool(false), "get-task-allow": .bool(true),
        "CreationDate": .date(Date(timeIntervalSince1970: 1_795_455_000)), "DER-Encoded-Profile": .data([0, 1, 2, 255]),
        "TeamIdentifier": .array([.string("ABCDE12345")]),
        "Entitlements": .dictionary(["aps-environment": .string("production")]),
    ])

    /// Numbers and dates written as strings stay strings (team ids can be all digits). A whole <real> reads as an
    /// integer: `Decodable` cannot tell the two apart, and profiles hold no reals.
    @Test func stringsThatLookLikeOtherTypesStayStrings() throws {
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
            + "<key>a</key><string>0123456789</string><key>b</key><string>true</string>"
            + "<key>c</key><string>2026-11-23T17:30:00Z</string><key>d</key><string>1.5</string>"
            + "<key>e</key><real>2</real><key>f</key><integer>-7</integer></dict></plist>"
        let value = try PlistValue.parse(Array(xml.utf8))
        #expect(value == .dictionary(["a": .string("0123456789"), "b": .string("true"),
                                      "c": .string("2026-11-23T17:30:00Z"), "d": .string("1.5"),
                                      "e": .integer(2), "f": .integer(-7)]))
    }

    @Test func readsEveryTypeFromXML() throws {
        #expect(try PlistValue.parse(Array(Self.xml.utf8)) == Self.expected)
    }

    /// The same plist in binary form, written by Python's plistlib (not by Foundation).
    @Test func readsTheSameFromABinaryPlist() throws {
        let directory = TestPaths.temporaryDirectory("plist")
        let input = directory.appendingPathComponent("in.plist"), output = directory.appendingPathComponent("out.bplist")
        try Self.xml.write(to: input, atomically: true, encoding: .utf8)
        let result = try ExternalProcess.run("/usr/bin/python3", ["-c", """
            import plistlib, sys
            plistlib.dump(plistlib.load(open(sys.argv[1], "rb")), open(sys.argv[2], "wb"), fmt=plistlib.FMT_BINARY)
            """, input.path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let binary = try [UInt8](Data(contentsOf: output))
        #expect(binary.starts(with: Array("bplist00".utf8)))
        #expect(try PlistValue.parse(binary) == Self.expected)
    }

    /// Found by fuzz-profile: a binary plist holding a set made CoreFoundation's bridge crash (SIGSEGV).
    @Test func aBinaryPlistWithASetIsRefusedNotACrash() throws {
        let crafted = try [UInt8](Data(contentsOf: TestPaths.repositoryRoot
            .appendingPathComponent("Tests/Fuzz/regressions/fuzz-profile/binary-plist-with-set.bplist")))
        #expect(throws: (any Error).self) { try PlistValue.parse(crafted) }
    }

    /// Found by fuzz-profile (a 30-second timeout): a binary plist whose objects are referenced from many places.
    @Test func aBinaryPlistWithSharedReferencesEndsQuickly() throws {
        let crafted = try [UInt8](Data(contentsOf: TestPaths.repositoryRoot
            .appendingPathComponent("Tests/Fuzz/regressions/fuzz-profile/binary-plist-shared-references.bplist")))
        do {
            _ = try PlistValue.parse(crafted)
        } catch let error as ProfileError {
            #expect(!error.message.isEmpty)
        }
    }

    /// A 200-byte binary plist standing for 2^40 values (each array holds the one below twice, written once by
    /// plistlib) is refused past the value budget instead of expanding.
    @Test func anExponentialTreeIsRefusedAtTheBudget() throws {
        let directory = TestPaths.temporaryDirectory("plist-bomb")
        let output = directory.appendingPathComponent("bomb.bplist")
        let result = try ExternalProcess.run("/usr/bin/python3", ["-c", """
            import plistlib, sys
            node = ["leaf"]
            for _ in range(40):
                node = [node, node]
            plistlib.dump(node, open(sys.argv[1], "wb"), fmt=plistlib.FMT_BINARY)
            """, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let bomb = try [UInt8](Data(contentsOf: output))
        #expect(bomb.count < 1024)
        let error = #expect(throws: ProfileError.self) { try PlistValue.parse(bomb) }
        #expect(error?.message.contains("more than 10000 values") == true)
        // The profile reader passes the reason on instead of a bare "cannot be parsed".
        let read = #expect(throws: ProfileError.self) { try ProfileReader().read(bytes: bomb, file: "bomb.bplist") }
        #expect(read?.message.contains("more than 10000 values") == true)
        #expect(read?.hint.isEmpty == false)
    }

    @Test func nestingDeeperThanTheBoundIsRefused() throws {
        let deep = String(repeating: "<array>", count: 70) + String(repeating: "</array>", count: 70)
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"# + deep + "</plist>"
        let error = #expect(throws: ProfileError.self) { try PlistValue.parse(Array(xml.utf8)) }
        #expect(error?.message.contains("deeper than 64 levels") == true)
    }
}
