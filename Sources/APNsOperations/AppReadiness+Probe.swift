import APNsModel
import APNsCore
import APNsKeystore
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppReadiness {
    /// Confirms each row of `result` with canaries through the row's credential (its key, else its certificate):
    /// one with the dummy device token (400 BadDeviceToken or 200: the credential was accepted), and one per device
    /// token (200: the token belongs to this environment; BadDeviceToken: to the other). A row whose canary is
    /// refused fails with APNs's reason. Rows without a credential are not probed, nor rows of an environment for
    /// which `servers` names no server when it names servers per environment.
    ///
    /// `wording` words a refused canary's verdict before its summary becomes the row's probe detail (the CLI words
    /// the summaries that name its options).
    ///
    /// Throws ``CanaryServerError`` when no server is named for an environment, a credential's errors
    /// (``ProbeCredentialError``, the keystore's), and the prober's errors for a canary that cannot be sent at all.
    public static func probe(_ result: Result, servers: CanaryServers, keystore: (() throws -> Keystore)?,
                             certificatePassword: @escaping @Sendable () throws -> String,
                             wording: (APNsProbe.Verdict) -> APNsProbe.Verdict = { $0 }) throws -> Result {
        var probed = result
        probed.probed = true
        let environments = Set(result.rows.map(\.environment))
        var destinations = [APNsEnvironment: CanaryDestination]()
        for environment in APNsEnvironment.allCases where environments.contains(environment) {
            // Servers named per environment: only those environments are probed; the others stay judged offline.
            if !servers.servers.isEmpty, !servers.namedEnvironments.contains(environment) { continue }
            destinations[environment] = try servers.destination(for: environment)
        }
        for index in probed.rows.indices {
            let row = probed.rows[index]
            guard let destination = destinations[row.environment], let source = source(row, keystore: keystore,
                                                                                       password: certificatePassword)
            else { continue }
            let credential = try ProbeCredentialResolution.resolve(source, environment: row.environment,
                                                                   topic: row.topic).credential
            var report = try send(canary(row, token: .dummy), to: destination, credential: credential)
            report.verdict = wording(report.verdict)
            let confirmed = report.failure == nil
                && (report.status == 200 || (report.status == 400 && report.reason == "BadDeviceToken"))
            probed.rows[index].probe = RowProbe(status: report.status, reason: report.reason, confirmed: confirmed,
                                                detail: confirmed ? nil : report.verdict.summary)
            if !confirmed {
                let answer = report.status.map { "\($0) \(report.reason ?? "")".trimmingWhitespace() }
                probed.rows[index].fail(answer.map { "the canary through \(row.credentialName) was refused: \($0)" }
                    ?? "the canary through \(row.credentialName) got no answer: \(report.verdict.summary)")
                continue
            }
            guard row.pushType == .alert else { continue }
            for (tokenIndex, token) in row.tokens.enumerated() {
                let answer = try send(canary(row, token: DeviceToken(uncheckedHex: token.deviceToken)), to: destination,
                                      credential: credential)
                var check = token
                check.status = answer.status
                check.reason = answer.reason
                check.belongs = answer.failure != nil ? .inconclusive
                    : answer.status == 200 ? .this
                    : (answer.status == 400 && answer.reason == "BadDeviceToken") ? .other : .inconclusive
                probed.rows[index].tokens[tokenIndex] = check
            }
        }
        // A device token's environment is learnt from the alert row; the environment's other rows share it.
        for index in probed.rows.indices where probed.rows[index].pushType != .alert {
            if let alert = probed.rows.first(where: { $0.environment == probed.rows[index].environment && $0.pushType == .alert }) {
                probed.rows[index].tokens = alert.tokens
            }
        }
        return probed
    }

    /// The row's credential as a probe takes it: its key from the keystore, else its certificate file.
    static func source(_ row: Row, keystore: (() throws -> Keystore)?,
                       password: @escaping @Sendable () throws -> String) -> ProbeCredentialSource? {
        if let key = row.key, let keystore { return .keystore(team: key.teamID, keyID: key.keyID, open: keystore) }
        if let certificate = row.certificate { return .certificate(path: certificate.file, password: password) }
        return nil
    }

    /// A silent canary for the row: background push to the bare bundle id for alert rows, else the row's push type
    /// and topic; priority 5, expiration 0.
    static func canary(_ row: Row, token: DeviceToken) -> CanaryRequest {
        CanaryRequest.canary(deviceToken: token, topic: row.topic,
                             pushType: row.pushType == .alert ? .background : row.pushType, priority: 5)
    }

    static func send(_ canary: CanaryRequest, to destination: CanaryDestination,
                     credential: ProbeCredential) throws -> ProbeReport {
        let prober = Prober(CanaryServers.configuration(destination, credential: credential, canary: canary))
        try prober.validate()
        return try prober.probe()
    }
}

extension AppReadiness.Row {
    /// "key ABC123DEFG" or "certificate FILE".
    public var credentialName: String {
        if let key { return "key \(key.keyID)" }
        if let certificate { return "certificate \(certificate.file)" }
        return "no credential"
    }

    /// Marks the row failed for `reason` (the first reason stays).
    mutating func fail(_ reason: String) {
        verdict = .notReady
        if self.reason == nil { self.reason = reason }
    }
}
