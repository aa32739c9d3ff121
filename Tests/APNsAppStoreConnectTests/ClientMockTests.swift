import APNsAppStoreConnect
import APNsAppStoreConnectMock
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The client against a local App Store Connect (`MockAppStoreConnectServer` in process) over real loopback TLS:
/// the calls the push verbs make, and Apple's refusals as typed errors.
@Suite struct ClientMockTests {
    func client(_ harness: MockASCHarness, key: MockTestKey? = nil, caFile: String?? = .none,
                individualKey: Bool = false) -> AppStoreConnectClient {
        let signing = key ?? harness.key
        return AppStoreConnectClient(baseURL: harness.baseURL, caFile: caFile ?? harness.caFile, deadline: .seconds(20),
                                     individualKey: individualKey, token: { signing.token() })
    }

    @Test func enablesPushAndAProfileMadeAfterwardsCarriesIt() async throws {
        let harness = try await MockASCHarness.start()
        defer { Task { try? await harness.server.stop() } }
        let client = client(harness)
        let created = try client.createBundleID(identifier: "com.example.push", name: "Push", platform: "IOS")
        _ = try client.createBundleID(identifier: "com.example.push.widget", name: "Widget", platform: "IOS")
        #expect(try client.bundleID(identifier: "com.example.push") == created)
        #expect(try client.bundleID(identifier: "com.example.pus") == nil)
        #expect(try client.capabilities(ofBundleID: created.id).contains { $0.capabilityType == "PUSH_NOTIFICATIONS" } == false)

        let capability = try client.enableCapability(AppStoreConnect.pushNotifications, bundleID: created.id)
        #expect(capability.capabilityType == "PUSH_NOTIFICATIONS")
        #expect(try client.capabilities(ofBundleID: created.id).map(\.capabilityType).contains("PUSH_NOTIFICATIONS"))

        let certificate = try harness.createCertificate()
        #expect(try client.certificates().map(\.id) == [certificate])
        let profile = try client.createProfile(name: "Push Store", profileType: "IOS_APP_STORE", bundleID: created.id,
                                               certificateIDs: [certificate], deviceIDs: [])
        #expect(profile.profileState == "ACTIVE" && profile.expirationDate != nil)
        let listed = try client.profiles(bundleID: created.id, profileType: nil)
        #expect(listed.map(\.id) == [profile.id])
        let content = String(decoding: try #require(listed.first?.profileContent), as: UTF8.self)
        #expect(content.contains("aps-environment"))
        #expect(try client.profiles(bundleID: created.id, profileType: "IOS_APP_DEVELOPMENT").isEmpty)
        #expect(try client.profileCertificateIDs(profileID: profile.id) == [certificate])
        #expect(try client.profile(id: profile.id).name == "Push Store")
        try client.deleteProfile(id: profile.id)
        #expect(try client.profiles(bundleID: nil, profileType: nil).isEmpty)
    }

    @Test func aDuplicateIsAConflictNamingIt() async throws {
        let harness = try await MockASCHarness.start()
        defer { Task { try? await harness.server.stop() } }
        let client = client(harness)
        _ = try client.createBundleID(identifier: "com.example.twice", name: "Twice", platform: "IOS")
        #expect {
            try client.createBundleID(identifier: "com.example.twice", name: "Twice", platform: "IOS")
        } throws: { error in
            guard case .conflict(let resource, let errors) = error as? AppStoreConnectError else { return false }
            return resource.contains("com.example.twice") && errors.first?.status == "409"
        }
    }

    @Test func anUnknownProfileIsNotFound() async throws {
        let harness = try await MockASCHarness.start()
        defer { Task { try? await harness.server.stop() } }
        #expect {
            try client(harness).profile(id: "NOSUCHPROF")
        } throws: { error in
            guard case .notFound(let path, let errors) = error as? AppStoreConnectError else { return false }
            return path == "/v1/profiles/NOSUCHPROF" && errors.first?.code == "NOT_FOUND"
        }
    }

    @Test func aTokenOfAKeyTheServerDoesNotKnowIsRefusedAsTheKey() async throws {
        let harness = try await MockASCHarness.start()
        defer { Task { try? await harness.server.stop() } }
        #expect {
            try client(harness, key: MockTestKey(keyID: "OTHERKEY99")).devices()
        } throws: { error in
            guard case .unauthorized(.keyOrIssuer, let errors) = error as? AppStoreConnectError else { return false }
            return errors.first?.code == "NOT_AUTHORIZED"
        }
    }

    /// A server whose clock is an hour ahead refuses the token as expired and dates its answer: the client names
    /// the skew, not the key (the mock's `date` header, as Apple's servers send one).
    @Test func aTokenRefusedForASkewedClockIsNamedAsTheClock() async throws {
        let harness = try await MockASCHarness.start(now: { Date().addingTimeInterval(3600) })
        defer { Task { try? await harness.server.stop() } }
        #expect {
            try client(harness).devices()
        } throws: { error in
            guard case .unauthorized(.clockSkew(let seconds), _) = error as? AppStoreConnectError else { return false }
            return abs(abs(seconds) - 3600) < 120
        }
    }

    @Test func anIndividualKeyIsRefusedOnTheProvisioningEndpoints() async throws {
        let individual = MockTestKey(keyID: "INDIVKEY01", issuerID: nil)
        let harness = try await MockASCHarness.start(key: individual)
        defer { Task { try? await harness.server.stop() } }
        // Apple's 403 says so in its words: the client names the key's kind whether or not it was told.
        for told in [false, true] {
            #expect {
                try client(harness, individualKey: told).bundleID(identifier: "com.example.app")
            } throws: { error in
                guard case .forbidden(.individualKey, let errors) = error as? AppStoreConnectError else { return false }
                return errors.first?.code == "FORBIDDEN_ERROR"
            }
        }
    }

    @Test func aRateLimitIsWaitedOutThenGivenUpTyped() async throws {
        let harness = try await MockASCHarness.start(faults: [.rateLimited(count: 1, retryAfter: 1)])
        defer { Task { try? await harness.server.stop() } }
        #expect(try client(harness).devices().isEmpty)
        #expect(harness.server.requestCount == 2)

        harness.server.inject([.rateLimited(count: AppStoreConnect.rateLimitRetries + 1, retryAfter: 1)])
        #expect {
            try client(harness).devices()
        } throws: { error in
            guard case .rateLimited(.some(.seconds(1)), let errors) = error as? AppStoreConnectError else { return false }
            return errors.first?.code == "RATE_LIMIT_EXCEEDED"
        }
    }

    @Test func anHTMLAnswerIsNotJSON() async throws {
        let harness = try await MockASCHarness.start(faults: [.html(count: 1, status: 502)])
        defer { Task { try? await harness.server.stop() } }
        #expect {
            try client(harness).devices()
        } throws: { error in
            guard case .notJSON(502, let type, let excerpt) = error as? AppStoreConnectError else { return false }
            return (type ?? "").contains("text/html") && excerpt.contains("<")
        }
    }

    @Test func aServerOutsideTheTrustedCAsIsUntrusted() async throws {
        let harness = try await MockASCHarness.start()
        defer { Task { try? await harness.server.stop() } }
        #expect {
            try client(harness, caFile: .some(nil)).devices()
        } throws: { error in
            guard case .untrustedServer(let url, _) = error as? AppStoreConnectError else { return false }
            return url.hasPrefix(harness.baseURL)
        }
    }

    @Test func aClosedPortIsUnreachableAndASilentServerMeetsTheDeadline() throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let closed = AppStoreConnectClient(baseURL: "https://127.0.0.1:\(silent.closedPort)", deadline: .seconds(10),
                                           token: { "TOKEN" })
        #expect {
            try closed.devices()
        } throws: { error in
            guard case .unreachable = error as? AppStoreConnectError else { return false }
            return true
        }
        let quiet = AppStoreConnectClient(baseURL: "https://127.0.0.1:\(silent.port)", deadline: .seconds(1),
                                          token: { "TOKEN" })
        #expect(throws: AppStoreConnectError.deadline(url: "https://127.0.0.1:\(silent.port)/v1/devices?limit=200",
                                                       after: .seconds(1))) { try quiet.devices() }
    }
}

/// A loopback TCP socket that listens and never accepts (the kernel completes the handshake; nothing answers), and
/// a port that was bound and closed again (nothing listens there).
struct SilentListener {
    let descriptor: Int32
    let port: Int
    let closedPort: Int

    init() throws {
        descriptor = try Self.bound(listen: true).descriptor
        port = try Self.port(of: descriptor)
        let closing = try Self.bound(listen: false).descriptor
        closedPort = try Self.port(of: closing)
        Glibc.close(closing)
    }

    func close() { Glibc.close(descriptor) }

    private static func bound(listen: Bool) throws -> (descriptor: Int32, Void) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, !listen || Glibc.listen(socket, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        return (socket, ())
    }

    private static func port(of socket: Int32) throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EINVAL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
