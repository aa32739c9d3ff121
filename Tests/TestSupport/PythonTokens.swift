import Foundation

/// Provider tokens signed by Python's `cryptography` (an implementation the project did not write), in the shapes
/// real clients send beyond strict JWT: a DER-encoded ES256 signature (pushy, Java's `SHA256withECDSA`) and a
/// numeric-string `iat` (kalyke-apns).
public enum PythonTokens {
    /// The interpreter the Makefile's test-deps installs `cryptography` into.
    public static let python = "/usr/bin/python3"

    /// True when `python3` can import `cryptography`.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: python)
            && ((try? ExternalProcess.run(python, ["-c", "import cryptography"]).status) ?? 1) == 0
    }

    /// How the token is made.
    public enum Shape: String, Sendable {
        /// JOSE r‖s signature, numeric iat: a strict JWT.
        case jose
        /// DER `ECDSA-Sig-Value` signature, as `cryptography` (and Java) produce it.
        case der
        /// JOSE signature, `iat` as a JSON string of the digits.
        case stringIAT = "string-iat"
        /// JOSE signature, `iat` as a JSON string that is not a number.
        case wordIAT = "word-iat"
    }

    /// Signs `{"alg":"ES256","kid":…}.{"iss":…,"iat":…}` with the PEM (PKCS#8) private key.
    public static func token(_ shape: Shape, privateKeyPEM: String, keyID: String, teamID: String,
                             issuedAt: Int) throws -> String {
        let result = try ExternalProcess.run(python, ["-c", script, privateKeyPEM, keyID, teamID, String(issuedAt),
                                                      shape.rawValue])
        guard result.status == 0 else {
            throw NSError(domain: "PythonTokens", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when `python3` can import PyJWT (`jwt`).
    public static var hasPyJWT: Bool {
        FileManager.default.isExecutableFile(atPath: python)
            && ((try? ExternalProcess.run(python, ["-c", "import jwt"]).status) ?? 1) == 0
    }

    /// A provider token as PyJWT (another client library's JWT code) makes it: `jwt.encode` with ES256 and `kid`.
    public static func pyJWT(privateKeyPEM: String, keyID: String, teamID: String, issuedAt: Int) throws -> String {
        let script = """
        import jwt, sys
        print(jwt.encode({"iss": sys.argv[3], "iat": int(sys.argv[4])}, sys.argv[1], algorithm="ES256",
                         headers={"kid": sys.argv[2]}))
        """
        let result = try ExternalProcess.run(python, ["-c", script, privateKeyPEM, keyID, teamID, String(issuedAt)])
        guard result.status == 0 else {
            throw NSError(domain: "PythonTokens", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static let script = #"""
    import base64, json, sys
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    pem, kid, iss, iat, shape = sys.argv[1:6]
    key = serialization.load_pem_private_key(pem.encode(), None)
    b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    iat_value = {"string-iat": iat, "word-iat": "yesterday"}.get(shape, int(iat))
    header = json.dumps({"alg": "ES256", "kid": kid}, separators=(",", ":")).encode()
    claims = json.dumps({"iss": iss, "iat": iat_value}, separators=(",", ":")).encode()
    signing_input = b64(header) + "." + b64(claims)
    der = key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256()))
    if shape == "der":
        signature = der
    else:
        r, s = decode_dss_signature(der)
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    print(signing_input + "." + b64(signature))
    """#
}
