import Foundation
import Testing

/// A self-signed server certificate for 127.0.0.1 and localhost, made by the real openssl: several
/// `mock serve --tls-cert` processes share it, so one `--cacert` file trusts them all.
enum LoopbackCertificate {
    /// Writes `server.pem` and `server.key` in `directory`; returns their paths.
    static func make(in directory: URL) throws -> (certificate: String, key: String) {
        let certificate = directory.appendingPathComponent("server.pem").path
        let key = directory.appendingPathComponent("server.key").path
        let made = try CLI.tool("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", key, "-out", certificate])
        try #require(made.status == 0, "openssl req failed: \(made.output)")
        return (certificate, key)
    }
}
