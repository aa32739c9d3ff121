import NIOCore
import NIOSSL
#if canImport(Glibc)
import Glibc
#endif

/// Where an ``HTTP2Connection`` connects and how it authenticates the server and itself: the server's certificate
/// against `caFile`, else the system's trust store (the distribution's bundle, e.g. /etc/ssl/certs/ca-certificates.crt)
/// and `SSL_CERT_FILE` when set.
public struct HTTP2ClientConfiguration: Sendable, Equatable {
    /// A client certificate (chain, leaf first) and its private key, both PEM.
    public struct ClientIdentity: Sendable, Equatable {
        public var certificatePEM: [UInt8]
        public var privateKeyPEM: [UInt8]

        public init(certificatePEM: [UInt8], privateKeyPEM: [UInt8]) {
            self.certificatePEM = certificatePEM
            self.privateKeyPEM = privateKeyPEM
        }
    }

    public var host: String
    public var port: Int
    /// A PEM file of CA certificates to trust instead of the system's trust store.
    public var caFile: String?
    /// Without `caFile`: a PEM bundle trusted besides the system's trust store, as OpenSSL-based tools read
    /// `SSL_CERT_FILE` (the initialiser takes that variable's value).
    public var extraCAFile: String?
    /// Sent when the server asks for a client certificate; nil for token authentication.
    public var identity: ClientIdentity?

    public init(host: String, port: Int, caFile: String? = nil, identity: ClientIdentity? = nil) {
        self.host = host
        self.port = port
        self.caFile = caFile
        self.identity = identity
        self.extraCAFile = getenv("SSL_CERT_FILE").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `:authority` of every request: the host, and the port unless it is 443.
    var authority: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 443 ? name : "\(name):\(port)"
    }

    /// Whether `host` is an IP address (checked against the certificate's IP names, sent without SNI).
    var hostIsAddress: Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }

    /// TLS 1.2 or newer, verification always on, ALPN h2 only.
    func makeSSLContext() throws(HTTP2ClientError) -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        tls.certificateVerification = .fullVerification
        tls.applicationProtocols = ["h2"]
        if let caFile {
            tls.trustRoots = .file(caFile)
        } else {
            tls.trustRoots = .default
            if let extraCAFile { tls.additionalTrustRoots = [.file(extraCAFile)] }
        }
        if let identity {
            do {
                tls.certificateChain = try NIOSSLCertificate.fromPEMBytes(identity.certificatePEM).map { .certificate($0) }
                tls.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: identity.privateKeyPEM, format: .pem))
            } catch {
                throw .credential(String(describing: error))
            }
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            if let file = caFile ?? extraCAFile { throw .tls("cannot use the CA file \(file): \(error)", alert: nil) }
            throw .tls(String(describing: error), alert: nil)
        }
    }
}
