import APNsCore
import APNsMock

extension MockRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .giveClientCA: return "pass the CA certificate that signs the client certificates, PEM, with --client-ca"
        case .pickChannelsPort: return "pick another --channels-port, or 0 for none"
        case .giveTLSIdentity: return "pass a PEM certificate with --tls-cert and its PEM private key with --tls-key"
        case .portInUse(let port):
            return "another process listens on port \(port) (`ss -ltnp 'sport = :\(port)'` shows which); "
                + "pick another --port, or 0 for any free one"
        case .privilegedPort: return "ports below 1024 need privileges; pick a --port of 1024 or more, or 0 for any free one"
        case .pickHostOrPort: return "pick another --host or --port (0 for any free one)"
        case .resolvableHost: return "pass an IP address or a resolvable name with --host, and a --port (0 for any free one)"
        }
    }
}

extension TrustKeyArgument.ParseError: UserFacingError {
    /// A malformed `--trust-key` value: a usage error (exit 2) with the option's syntax.
    var presented: APNsError {
        .usage("--trust-key \(text): \(problem)",
               hint: "for example --trust-key ABC123DEFG=key.pem,env=production,topics=com.example.app+"
                   + "com.example.app.voip,related=XYZ987WVUT (no env: both; topics need one env)")
    }
}

extension MockArgumentError: UserFacingError {
    /// A malformed `mock serve` value (`--device`, `--unregistered`, `--trust-key`): a usage error (exit 2).
    var presented: APNsError {
        switch self {
        case .notAnAssignment(let text, let flag, let valueName):
            return .usage("\(flag) \(text): expected \(valueName)",
                          hint: "for example \(flag) \(flag == "--device" ? "a1b2…=com.example.app" : "ABC123DEFG=key.pem")")
        case .notADeviceToken(let text, let flag):
            return .usage("\(flag) \(text): a device token is an even number of hex digits",
                          hint: "copy the token the app printed (deviceToken as hex)")
        }
    }
}
