import APNsModel
import Testing
import APNsCore
import APNsMock
import APNsTokens
import Crypto
import Foundation
import TestSupport

/// Keys, tokens, devices and requests shared by the tests.
enum Fixture {
    static let teamID = "TEAM123456"
    static let keyID = "KEY1234567"
    static let otherKeyID = "KEY7654321"
    static let key = P256.Signing.PrivateKey()
    static let otherKey = P256.Signing.PrivateKey()
    static let bundleID = "com.example.app"
    static let device = String(repeating: "ab", count: 32)
    static let otherAppDevice = String(repeating: "cd", count: 32)
    static let goneDevice = String(repeating: "ef", count: 32)
    static let unknownDevice = String(repeating: "01", count: 32)
    static let goneSince = Date(timeIntervalSince1970: 1_700_000_000.123)

    static func policy(environment: APNsEnvironment = .development, interval: TimeInterval = 20 * 60) -> ValidationPolicy {
        ValidationPolicy(environment: environment,
                         devices: [device: bundleID, otherAppDevice: "com.example.other"],
                         unregistered: [goneDevice: goneSince],
                         trustedKeys: [TrustedKey(keyID: keyID, teamID: teamID, publicKey: key.publicKey),
                                       TrustedKey(keyID: otherKeyID, teamID: teamID, publicKey: otherKey.publicKey)],
                         tokenUpdateInterval: interval)
    }

    static func token(keyID: String = keyID, teamID: String = teamID, issuedAt: Date,
                      key: P256.Signing.PrivateKey = key) throws -> String {
        try ProviderToken.sign(keyID: keyID, teamID: teamID, issuedAt: issuedAt, key: key).compact
    }

    /// Polls until `condition` holds or `limit` seconds of polls pass (a bound against hangs, not a timing
    /// assertion): a test waits for what it asserts, never for a snapshot after an unrelated wait.
    static func waitUntil(limit: TimeInterval = 20, _ condition: () -> Bool) async throws {
        _ = await eventually(seconds: limit, every: .milliseconds(10)) { condition() }
    }

    /// A good background canary to `device`, with a token issued at `issuedAt`.
    static func canary(token: String?, device: String = device, topic: String? = bundleID) -> MockRequest {
        var headers: [MockHeader] = []
        if let token { headers.append(MockHeader("authorization", "bearer \(token)")) }
        if let topic { headers.append(MockHeader("apns-topic", topic)) }
        headers += [MockHeader("apns-push-type", "background"), MockHeader("apns-priority", "5"),
                    MockHeader("apns-expiration", "0")]
        return MockRequest(method: "POST", path: "/3/device/\(device)", headers: headers,
                           body: Array(#"{"aps":{"content-available":1}}"#.utf8))
    }
}

extension MockRequest {
    /// A copy with header `name` set to `value` (replacing it), or removed when `value` is nil.
    func setting(_ name: String, _ value: String?) -> MockRequest {
        var copy = self
        copy.headers.removeAll { $0.name == name }
        if let value { copy.headers.append(MockHeader(name, value)) }
        return copy
    }

    func adding(_ name: String, _ value: String) -> MockRequest {
        var copy = self
        copy.headers.append(MockHeader(name, value))
        return copy
    }

    func withBody(_ bytes: [UInt8]) -> MockRequest {
        var copy = self
        copy.body = bytes
        copy.bodyLength = bytes.count
        return copy
    }

    func withPath(_ path: String, method: String = "POST") -> MockRequest {
        var copy = self
        copy.path = path
        copy.method = method
        return copy
    }
}

extension MockAPNsServer {
    /// Starts a server with `configuration`, runs `body` with it, its port and the CA to trust, and always stops it.
    static func running(_ configuration: MockServerConfiguration,
                        _ body: (MockAPNsServer, Int, String) async throws -> Void) async throws {
        let server = try MockAPNsServer(configuration: configuration)
        let port = try await server.start()
        do {
            let ca = try #require(server.certificateAuthorityPEM)
            try await body(server, port, ca)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
