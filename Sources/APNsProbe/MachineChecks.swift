import APNsCore
import APNsCredentials
import APNsCurl
import APNsModel
import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One line of `apnsctl doctor`: a named check, its status, what was found, and what to do.
///
/// JSON fields: `name`, `status` ("pass", "warn", "fail"), `detail`, `hint` (null when there is none).
public struct DoctorCheck: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        case pass, warn, fail
    }

    public var name: String
    public var status: Status
    public var detail: String
    public var hint: String
    /// What to do, when the command line words it (``hint`` is then empty); not part of the JSON.
    public var remedy: DoctorRemedy? = nil

    public init(_ name: String, _ status: Status, _ detail: String, hint: String = "", remedy: DoctorRemedy? = nil) {
        self.name = name
        self.status = status
        self.detail = detail
        self.hint = hint
        self.remedy = remedy
    }

    enum CodingKeys: String, CodingKey { case name, status, detail, hint }

    /// An empty hint is null in JSON, never `""`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(status, forKey: .status)
        try c.encode(detail, forKey: .detail)
        try c.encode(hint.isEmpty ? nil : hint, forKey: .hint)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(String.self, forKey: .name), try c.decode(Status.self, forKey: .status),
                  try c.decode(String.self, forKey: .detail),
                  hint: try c.decodeIfPresent(String.self, forKey: .hint) ?? "")
    }
}

/// The machine checks of `apnsctl doctor`: OpenSSL, libcurl, the CA bundle, DNS for the APNs hosts.
///
/// Each check is a pure function of what was found, so tests can feed it any machine; ``all()`` looks at this one.
public enum MachineChecks {
    /// OpenSSL must be 3.x with the legacy provider (older Keychain .p12 exports need RC2/3DES).
    public static func openSSL(version: String, legacyProvider: Bool) -> DoctorCheck {
        let isThree = version.hasPrefix("OpenSSL 3.")
        if !isThree {
            return DoctorCheck("openssl", .fail, version, hint: "apnsctl needs OpenSSL 3: install libssl3 / libssl-dev")
        }
        if !legacyProvider {
            return DoctorCheck("openssl", .warn, "\(version), legacy provider not available",
                               hint: "older .p12 exports (RC2-40, 3DES) will not open: install the OpenSSL legacy provider (ossl-modules/legacy.so)")
        }
        return DoctorCheck("openssl", .pass, "\(version), legacy provider loaded")
    }

    /// libcurl must speak TLS and HTTP/2.
    public static func curl(_ info: CurlRuntime.Info) -> DoctorCheck {
        guard info.loaded else { return DoctorCheck("libcurl", .fail, CurlRuntime.missing, hint: CurlRuntime.missingHint) }
        let tls = info.sslVersion ?? "no TLS"
        guard info.ssl else {
            return DoctorCheck("libcurl", .fail, "libcurl \(info.version) without TLS",
                               hint: "install libcurl4-openssl-dev (a libcurl built with OpenSSL)")
        }
        guard info.http2 else {
            return DoctorCheck("libcurl", .fail, "libcurl \(info.version) (\(tls)) without HTTP/2",
                               hint: "APNs needs HTTP/2: install a libcurl built with nghttp2 (Debian's libcurl4-openssl-dev is)")
        }
        let nghttp2 = info.nghttp2Version.map { ", nghttp2 \($0)" } ?? ""
        return DoctorCheck("libcurl", .pass, "libcurl \(info.version) (\(tls)\(nghttp2)), HTTP/2 supported")
    }

    /// The first readable PEM bundle among `candidates` with at least one certificate.
    public static func caBundle(candidates: [String]) -> DoctorCheck {
        for path in candidates where FileManager.default.isReadableFile(atPath: path) {
            guard let bytes = try? SecureFile.read(path, limit: 16 << 20) else { continue }
            let count = String(decoding: bytes, as: UTF8.self).components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
            if count > 0 {
                return DoctorCheck("ca-bundle", .pass, "\(path) (\(Wording.count(count, "certificate")))")
            }
        }
        return DoctorCheck("ca-bundle", .fail,
                           candidates.isEmpty ? "no CA bundle known" : "none of \(candidates.joined(separator: ", ")) holds a certificate",
                           hint: "install ca-certificates (Debian: apt-get install ca-certificates), or set SSL_CERT_FILE")
    }

    /// Where a CA bundle may be: `SSL_CERT_FILE`, libcurl's built-in default, the usual distribution paths.
    public static func caBundleCandidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var paths: [String] = []
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty { paths.append(file) }
        if let builtIn = curlDefaultCAInfo() { paths.append(builtIn) }
        paths += ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// A DNS result for an APNs host. A failure is only a warning: the machine may be offline.
    public static func dns(host: String, addresses: [String]?, error: String?) -> DoctorCheck {
        if let addresses, !addresses.isEmpty {
            let shown = addresses.prefix(3).joined(separator: ", ") + (addresses.count > 3 ? ", …" : "")
            return DoctorCheck("dns \(host)", .pass, shown)
        }
        return DoctorCheck("dns \(host)", .warn, "does not resolve: \(error ?? "no addresses")",
                           hint: "fine when offline; otherwise check /etc/resolv.conf and that the network allows DNS")
    }

    /// Resolves `host` with getaddrinfo, waiting at most `timeout` seconds.
    public static func resolve(_ host: String, timeout: Double = 5) -> (addresses: [String]?, error: String?) {
        let box = ResolutionBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.set(getAddresses(host))
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            return (nil, "no answer within \(Int(timeout)) s")
        }
        return box.get()
    }

    /// Every machine check, on this machine. `cacert` is the bundle a probe would be given, which the checks call
    /// `cacertLabel`; `clockHost` replaces the APNs hosts as the clock check's source of a Date header.
    public static func all(cacert: String? = nil, cacertLabel: String = TrustAnchorCheck.givenCALabel,
                           clockHost: ProbeTarget? = nil, timeout: Double = 5) -> [DoctorCheck] {
        CurlRuntime.bootstrap()
        let candidates = caBundleCandidates()
        var checks = [openSSL(version: OpenSSLRuntime.version, legacyProvider: OpenSSLRuntime.legacyProviderAvailable),
                      curl(CurlRuntime.info),
                      caBundle(candidates: candidates)]
        let curlDefault = curlDefaultCAInfo()
            ?? candidates.first { FileManager.default.isReadableFile(atPath: $0) }
        let clockTargets = clockHost.map { [$0] }
            ?? APNsEnvironment.allCases.map { ProbeTarget(host: $0.host, port: 443, environment: $0) }
        let observations = ClockCheck.observe(clockTargets, caFile: cacert, timeout: timeout)
        if let clockHost, !clockHost.isApple {
            // Another server (`--host`, the mock): what matters is that its certificate verifies against the CA
            // given, not whether that file holds Apple's root.
            checks.append(TrustAnchorCheck.check(server: clockHost, cacert: cacert, cacertLabel: cacertLabel,
                                                 observation: observations.first))
        } else {
            let bundles = TrustAnchorCheck.bundles(cacert: cacert, cacertLabel: cacertLabel, curlDefault: curlDefault,
                                                   environment: ProcessInfo.processInfo.environment)
            checks += bundles.isEmpty
                ? [DoctorCheck("apns trust anchor", .fail, "no CA bundle to look in", hint: TrustAnchorCheck.missingHint)]
                : bundles.map { TrustAnchorCheck.check(path: $0.path, source: $0.source, given: cacert != nil) }
        }
        // The push hosts, then the broadcast channel management hosts (docs/channels.md).
        for host in APNsEnvironment.allCases.map(\.host) + APNsEnvironment.allCases.map(ChannelTarget.host) {
            let result = resolve(host)
            checks.append(dns(host: host, addresses: result.addresses, error: result.error))
        }
        checks.append(ClockCheck.judge(observations))
        return checks
    }

    private static func getAddresses(_ host: String) -> (addresses: [String]?, error: String?) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, "443", &hints, &result)
        guard code == 0, let first = result else {
            return (nil, String(cString: gai_strerror(code)))
        }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(entry.pointee.ai_addr, entry.pointee.ai_addrlen, &buffer, socklen_t(buffer.count),
                           nil, 0, NI_NUMERICHOST) == 0 {
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(text) { addresses.append(text) }
            }
            cursor = entry.pointee.ai_next
        }
        return (addresses, nil)
    }

    /// libcurl's built-in CA bundle path (CURLINFO_CAINFO, libcurl 7.84+).
    static func curlDefaultCAInfo() -> String? {
        guard let easy = try? CurlEasy() else { return nil }
        return easy.string(CURLINFO_CAINFO)
    }
}

/// Hands a resolution result from the resolver thread back to the waiting one.
private final class ResolutionBox: Sendable {
    private let value = Mutex<(addresses: [String]?, error: String?)>((nil, nil))

    func set(_ newValue: (addresses: [String]?, error: String?)) {
        value.withLock { $0 = newValue }
    }

    func get() -> (addresses: [String]?, error: String?) {
        value.withLock { $0 }
    }
}
