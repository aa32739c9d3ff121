import APNsCore
import APNsCredentials
import APNsModel
import APNsOperations
import APNsProbe

/// The command line's second look at a canary's verdict (probe, channel commands, `key rotate --probe`,
/// `key discover`), with what only it knows: which environment the user asked for, whether the server is Apple's,
/// which key signed and what scope the keystore records for it, and the `--cacert` file. The libraries explain an
/// answer; the words that name flags and commands are said here.
enum ProbeHints {
    /// `verdict` with its remedy worded (``Verdict/worded``), or refined for the two answers whose usual hint points
    /// the wrong way off Apple's hosts: a key refused for its environment although its recorded scope matches the
    /// request (the server plays the other environment), and a TLS failure with `--cacert` (the server's
    /// certificate is not signed by a CA in that file).
    static func refine(_ verdict: Verdict, status: Int?, reason: String?, failure: TransportFailure?,
                       target: ProbeTarget, signingKey: SigningKeyDescription?, cacert: String?,
                       certificate: String? = nil) -> Verdict {
        let correction = ProbeVerdictReview.correction(status: status, reason: reason, failure: failure, target: target,
                                                       signingKey: signingKey, caFile: cacert)
        switch correction {
        case nil:
            if case .certificateOfOtherEnvironment? = verdict.remedy {
                return certificateEnvironment(verdict, target: target, certificate: certificate)
            }
            return verdict.worded
        case .untrustedServer(let host, let port, let cacert):
            return Verdict(.unreachable, "TLS with \(host):\(port) failed: the server's certificate is not signed by any "
                           + "CA in \(cacert)",
                           hint: "pass the CA that signed the server's certificate with --cacert: for "
                               + "\(NextStep("mock", "serve", carries: [])), the file its --ca-out wrote when that mock started (each mock makes its own "
                               + "CA); for Apple's hosts, drop --cacert (the system's store holds the root they chain to)")
        case .keyOrServerOfOtherEnvironment(let status, let reason, let host, let port, let environment):
            let other = environment.other
            return Verdict(.rejected, "\(status) \(reason): the server at \(host):\(port) refuses the token's key in "
                           + "\(environment.hintName)",
                           hint: "either the key was made for \(other.hintName) only, or the server plays \(other.hintName), "
                               + "not \(environment.hintName) (a mock started with --env \(other.rawValue)): sign with a "
                               + "key valid in \(environment.hintName), or point --target \(environment.rawValue)=HOST:PORT "
                               + "at a server playing \(environment.hintName)")
        case .serverPlaysOtherEnvironment(let status, let reason, let host, let port, let environment, let key):
            let other = environment.other
            return Verdict(.rejected, "\(status) \(reason): the server at \(host):\(port) plays \(other.hintName), not "
                           + "\(environment.hintName): it refuses key \(key.keyID), which is recorded as "
                           + "\(key.environmentWords), as the request needs",
                           hint: "key \(key.keyID)'s recorded scope matches \(environment.hintName), so the server is the one "
                               + "playing the other environment: point --target \(environment.rawValue)=HOST:PORT (or "
                               + "--host/--port) at a server playing \(environment.hintName) (a mock: "
                               + "\(NextStep("mock", "serve", "--env", environment.rawValue, carries: []))), or ask this one "
                               + "with --env \(other.rawValue) and a \(other.hintAdjective) key; if the record itself is "
                               + "wrong, \(NextStep("key", "discover", key.keyID, carries: [.keystore, .topic])) asks "
                               + "Apple's hosts")
        }
    }

    /// A probe report with its verdict refined (see ``refine(_:status:reason:failure:target:signingKey:cacert:certificate:)``).
    static func refine(_ report: ProbeReport, target: ProbeTarget, signingKey: SigningKeyDescription?,
                       cacert: String?, certificate: String? = nil) -> ProbeReport {
        var report = report
        report.verdict = refine(report.verdict, status: report.status, reason: report.reason, failure: report.failure,
                                target: target, signingKey: signingKey, cacert: cacert, certificate: certificate)
        return report
    }

    /// 403 BadCertificateEnvironment, worded from the certificate's own environments (read from `certificate`, the
    /// `--cert` file, when it opens without a password): against Apple's hosts, the environment to probe or the
    /// certificate to use; against `--host`/`--target`, never another `--env` (the server plays what it plays): a
    /// server playing the certificate's environment.
    /// The certificate's password when the invocation gave it without a prompt (`--password-env`, or a
    /// `--password-file` other than standard input): a hint never prompts.
    private static func passwordGiven() -> (@Sendable () throws -> String)? {
        let invocation = Invocation.current
        if let name = invocation.value("--password-env") { return { try SecretSource.environment(name).resolve() } }
        if let file = invocation.value("--password-file"), file != "-" { return { try SecretSource.file(file).resolve() } }
        return nil
    }

    static func certificateEnvironment(_ verdict: Verdict, target: ProbeTarget, certificate: String?) -> Verdict {
        var verdict = verdict.worded
        let environments = certificate.flatMap { path in
            try? CredentialReader(password: passwordGiven()).read(path: path, offerStandardInput: false)
        }?.leaf?.environments
        let which: String
        switch environments {
        case [.development]?: which = "a sandbox-only (development) certificate"
        case [.production]?: which = "a production-only certificate"
        case let all? where all.count > 1: which = "a certificate for both environments"
        default: which = "a certificate whose environment is unknown here"
        }
        let file = certificate.map { " (\($0))" } ?? ""
        let probed = target.environment
        if target.isApple {
            let other = probed?.other
            let fits = environments.flatMap { $0.count == 1 ? $0.first : nil }
            verdict.hint = "this is \(which)\(file), refused by \(probed?.hintName ?? "this server"): use a certificate for "
                + "\(probed?.hintName ?? "it")" + ((fits ?? other).map { ", or --env \($0.rawValue)" } ?? "")
        } else {
            let wanted = environments.flatMap { $0.count == 1 ? $0.first : nil }
            verdict.hint = "this is \(which)\(file), and the server at \(target.host):\(target.port) refuses it: the server "
                + "plays another environment than the certificate's; point --target "
                + "\(wanted?.rawValue ?? "ENV")=HOST:PORT (or --host/--port) at a server playing "
                + "\(wanted?.hintName ?? "the certificate's environment"), or use a certificate for the environment this "
                + "server plays"
        }
        return verdict
    }
}

extension APNsEnvironment {
    /// "the sandbox" or "production", for hints.
    var hintName: String { self == .development ? "the sandbox" : "production" }
    /// "sandbox" or "production", for hints.
    var hintAdjective: String { self == .development ? "sandbox" : "production" }
}
