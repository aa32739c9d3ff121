import APNsCore
import APNsMock
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

/// Answers requests: faults first, then the token, then the routes over the state (saved after every change),
/// and logs each exchange.
final class MockASCService: Sendable {
    let configuration: MockAppStoreConnectConfiguration
    let authority: MockCertificateAuthority
    private let authenticator: MockASCAuthenticator
    private let state: NIOLockedValueBox<MockASCState>
    private let faults: NIOLockedValueBox<[MockAppStoreConnectFault]>
    private let counter = NIOLockedValueBox(0)
    private let log: MockASCLog?

    init(configuration: MockAppStoreConnectConfiguration, state seeded: MockASCState,
         authority: MockCertificateAuthority) throws {
        self.configuration = configuration
        self.authority = authority
        self.authenticator = try MockASCAuthenticator(configuration.trustedKeys)
        var loaded = seeded
        let signer = MockASCSigner(authority: authority, now: configuration.now())
        let before = loaded
        try signer.completeSeededProfiles(&loaded)
        if let path = configuration.statePath, loaded != before || access(path, F_OK) != 0 {
            try loaded.save(path)
        }
        self.state = NIOLockedValueBox(loaded)
        self.faults = NIOLockedValueBox(configuration.faults.filter { $0.count > 0 })
        self.log = try configuration.logPath.map(MockASCLog.init(path:))
    }

    var requestCount: Int { counter.withLockedValue { $0 } }

    func inject(_ more: [MockAppStoreConnectFault]) {
        faults.withLockedValue { $0 += more.filter { $0.count > 0 } }
    }

    func answer(_ request: MockASCRequest) -> MockASCResponse {
        counter.withLockedValue { $0 += 1 }
        let response = respond(request)
        log?.record(request, response)
        return response
    }

    private func nextFault() -> MockAppStoreConnectFault? {
        faults.withLockedValue { pending in
            guard let first = pending.first else { return nil }
            if first.count <= 1 { pending.removeFirst() } else { pending[0] = first.with(count: first.count - 1) }
            return first
        }
    }

    private func respond(_ request: MockASCRequest) -> MockASCResponse {
        switch nextFault() {
        case .rateLimited(_, let retryAfter)?: return MockASCErrors.rateLimited(retryAfter: retryAfter)
        case .html(_, let status)?: return MockASCErrors.html(status: status)
        case .serverError?: return MockASCErrors.unexpected()
        case nil: break
        }
        let now = configuration.now()
        let key: MockAppStoreConnectTrustedKey
        switch authenticator.authenticate(request, now: now) {
        case .success(let trusted): key = trusted
        case .failure(let refusal): return MockASCErrors.notAuthorized(refusal.reason)
        }
        guard let path = request.resourcePath, let resource = path.first,
              MockASCRoutes.resourceTypes.contains(resource) else {
            return MockASCErrors.noSuchPath(request.path)
        }
        if key.isIndividual {
            return MockASCErrors.forbidden("Individual API keys cannot use the provisioning resources ('\(resource)'): "
                                           + "use a team key.")
        }
        let context = MockASCRoutes(request: request, path: path,
                                    renderer: MockASCRenderer(base: request.baseURL, now: now),
                                    signer: MockASCSigner(authority: authority, now: now))
        return state.withLockedValue { state in
            let before = state
            let response = context.route(&state)
            if state != before, let statePath = configuration.statePath {
                do {
                    try state.save(statePath)
                } catch {
                    state = before
                    return MockASCErrors.unexpected()
                }
            }
            return response
        }
    }
}
