import CFuzzDriver
import APNsKeystore
import APNsMock
import APNsTokens
import Foundation

/// The mock APNs request validator: method, path, headers (including a provider token) and payload.
///
/// Input: a request as text — `METHOD PATH`, then `name: value` header lines, a blank line, and the body — so
/// the seeds in Tests/Fuzz/corpus/fuzz-mock-validator read like requests and mutate into every malformation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMockValidator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let request = FuzzRequest.parse(bytes)
    var connection = ConnectionAuthState()
    var counter: UInt8 = 0
    let response = FuzzRequest.validator.validate(request, connection: &connection, now: FuzzRequest.now) {
        counter &+= 1
        return UUID(uuid: (counter, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
    }
    _ = response.status
    return 0
}

enum FuzzRequest {
    /// The time every request is judged at; the seed tokens are issued a minute before.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The fixed test key Tests/Fuzz/AuthKey_FUZZKEY001.p8 (never used anywhere else), read from the repository
    /// (this file is Fuzz/Sources/fuzz-mock-validator/…); `APNSCTL_FUZZ_KEY` names another path.
    static let keyPath: String = ProcessInfo.processInfo.environment["APNSCTL_FUZZ_KEY"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fuzz/AuthKey_FUZZKEY001.p8").path

    static let validator: RequestValidator = {
        var trusted = [TrustedKey]()
        if let bytes = FileManager.default.contents(atPath: keyPath),
           let material = try? SigningKeyMaterial.parse(Array(bytes), file: keyPath) {
            trusted.append(TrustedKey(keyID: "FUZZKEY001", teamID: "FUZZTEAM01", publicKey: material.privateKey.publicKey))
        }
        let device = String(repeating: "ab", count: 32)
        return RequestValidator(policy: ValidationPolicy(devices: [device: "com.example.app"],
                                                         unregistered: [String(repeating: "cd", count: 32): now],
                                                         trustedKeys: trusted))
    }()

    /// `METHOD PATH\nname: value\n…\n\nbody`; anything missing is empty.
    static func parse(_ bytes: [UInt8]) -> MockRequest {
        let separator: [UInt8] = [0x0A, 0x0A]
        var headEnd = bytes.count, bodyStart = bytes.count
        if bytes.count >= 2 {
            for index in 0..<(bytes.count - 1) where bytes[index] == separator[0] && bytes[index + 1] == separator[1] {
                headEnd = index
                bodyStart = index + 2
                break
            }
        }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let requestLine = head.first.map { $0.split(separator: " ", maxSplits: 1) } ?? []
        let method = requestLine.first.map(String.init) ?? ""
        let path = requestLine.count > 1 ? String(requestLine[1]) : ""
        let headers = head.dropFirst().compactMap { line -> MockHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return MockHeader(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return MockRequest(method: method, path: path, headers: headers, body: Array(bytes[bodyStart...]))
    }
}

/// `main` (SwiftPM aliases it to `fuzz_mock_validator_main` in debug builds): libFuzzer's driver over ``fuzzMockValidator``.
@_cdecl("fuzz_mock_validator_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzMockValidator($0, size) } ?? 0 }
}
