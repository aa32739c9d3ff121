import APNsAppStoreConnectMock
import APNsCore
import APNsMock
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `mock asc` value that does not parse (worded in Errors+MockAsc.swift).
enum MockAscArgumentError: Error, Equatable {
    /// `--trust-asc-key` not `KEYID=PEMFILE,issuer=ISSUER_ID` or `KEYID=PEMFILE,individual`.
    case badTrustedKey(text: String, problem: String)
    /// `--trust-asc-key`'s file cannot be read.
    case unreadableKey(keyID: String, path: String, reason: String)
    /// `--fault` not `rate-limit=N[,retry-after=S]`, `html=N[,status=CODE]` or `server-error=N`.
    case badFault(text: String)
    /// `--tls-cert` without `--tls-key`, or the other way round.
    case halfTLSIdentity
    /// `--tls-cert` or `--tls-key` cannot be read.
    case unreadableTLSFile(path: String, reason: String)
}

/// Turns `mock asc`'s flags into the mock's configuration, and words its first and last lines.
enum MockAscOptions {
    /// `KEYID=PEMFILE,issuer=ISSUER_ID` or `KEYID=PEMFILE,individual`; the file is a public key PEM or the .p8.
    static func trustedKey(_ text: String) throws -> MockAppStoreConnectTrustedKey {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let equals = first.firstIndex(of: "="), equals != first.startIndex,
              first.index(after: equals) != first.endIndex else {
            throw MockAscArgumentError.badTrustedKey(text: text, problem: "expected KEYID=PEMFILE first")
        }
        let keyID = String(first[..<equals]), path = String(first[first.index(after: equals)...])
        var issuer: String?, individual = false
        for option in parts.dropFirst() {
            if option == "individual" {
                individual = true
            } else if option.hasPrefix("issuer="), option.count > 7 {
                issuer = String(option.dropFirst(7))
            } else {
                throw MockAscArgumentError.badTrustedKey(text: text, problem: "'\(option)' is neither issuer=ISSUER_ID "
                                                         + "nor individual")
            }
        }
        guard individual != (issuer != nil) else {
            throw MockAscArgumentError.badTrustedKey(text: text, problem: individual
                ? "an individual key has no issuer" : "a team key needs issuer=ISSUER_ID (or say individual)")
        }
        let pem: [UInt8]
        do {
            pem = try SecureFile.read(path, limit: 64 * 1024, what: "a key", offerStandardInput: false)
        } catch {
            throw MockAscArgumentError.unreadableKey(keyID: keyID, path: path, reason: "\(error)")
        }
        return MockAppStoreConnectTrustedKey(keyID: keyID, publicKeyPEM: String(decoding: pem, as: UTF8.self),
                                             issuerID: issuer, isIndividual: individual)
    }

    /// `rate-limit=N[,retry-after=S]` (S default 1), `html=N[,status=CODE]` (CODE default 200), `server-error=N`.
    static func fault(_ text: String) throws -> MockAppStoreConnectFault {
        let parts = text.split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        guard let head = parts.first, head.count == 2, let count = Int(head[1]), count > 0,
              parts.dropFirst().allSatisfy({ $0.count == 2 && Int($0[1]) != nil }) else {
            throw MockAscArgumentError.badFault(text: text)
        }
        let options = Dictionary(parts.dropFirst().map { ($0[0], Int($0[1]) ?? 0) }) { _, last in last }
        switch (head[0], Set(options.keys)) {
        case ("rate-limit", let keys) where keys.isSubset(of: ["retry-after"]):
            return .rateLimited(count: count, retryAfter: max(0, options["retry-after"] ?? 1))
        case ("html", let keys) where keys.isSubset(of: ["status"]):
            let status = options["status"] ?? 200
            guard (100...599).contains(status) else { throw MockAscArgumentError.badFault(text: text) }
            return .html(count: count, status: status)
        case ("server-error", let keys) where keys.isEmpty:
            return .serverError(count: count)
        default:
            throw MockAscArgumentError.badFault(text: text)
        }
    }

    static func tlsIdentity(certificate: String?, key: String?) throws -> TLSIdentity? {
        switch (certificate, key) {
        case (nil, nil): return nil
        case (let certificate?, let key?):
            func read(_ path: String) throws -> String {
                do {
                    return String(decoding: try SecureFile.read(path, offerStandardInput: false), as: UTF8.self)
                } catch {
                    throw MockAscArgumentError.unreadableTLSFile(path: path, reason: "\(error)")
                }
            }
            return TLSIdentity(certificatePEM: try read(certificate), privateKeyPEM: try read(key))
        default:
            throw MockAscArgumentError.halfTLSIdentity
        }
    }

    /// Text: `listening host=127.0.0.1 port=8444 keys=1 state=FILE log=FILE ca=FILE` (`state=`, `log=`, `ca=` only
    /// when there is one; `ca=` last). JSON: `event` ("listening"), `host`, `port`, `url`, `trusted_keys`, `keys`
    /// (`key_id`, `kind` "team" or "individual", `issuer_id` or null, sorted by id), `state_file`, `log_file`,
    /// `ca_file` (each or null), `faults` (how many fault answers are pending).
    static func listeningLine(host: String, port: Int, keys: [MockAppStoreConnectTrustedKey], stateFile: String?,
                              logFile: String?, caFile: String?, faults: Int, json: Bool) -> String {
        guard json else {
            var line = "listening host=\(host) port=\(port) keys=\(keys.count)"
            if let stateFile { line += " state=\(stateFile)" }
            if let logFile { line += " log=\(logFile)" }
            if faults > 0 { line += " faults=\(faults)" }
            if let caFile { line += " ca=\(caFile)" }
            return line
        }
        let urlHost = host.contains(":") ? "[\(host)]" : host
        return JSONValue.object([
            "event": "listening", "host": .string(host), "port": .integer(Int64(port)),
            "url": .string("https://\(urlHost):\(port)"), "trusted_keys": .integer(Int64(keys.count)),
            "keys": .array(keys.sorted { $0.keyID < $1.keyID }.map { key in
                .object(["key_id": .string(key.keyID), "kind": .string(key.isIndividual ? "individual" : "team"),
                         "issuer_id": key.issuerID.json])
            }),
            "state_file": stateFile.json, "log_file": logFile.json, "ca_file": caFile.json,
            "faults": .integer(Int64(faults)),
        ]).compactText
    }

    /// Text `stopped requests=N`; JSON `event` ("stopped"), `requests`.
    static func stoppedLine(requests: Int, json: Bool) -> String {
        json ? JSONValue.object(["event": "stopped", "requests": .integer(Int64(requests))]).compactText
             : "stopped requests=\(requests)"
    }
}
