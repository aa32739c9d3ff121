import APNsCore
import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The root command: parses, runs, and renders every failure as `apnsctl: error:` / `apnsctl: hint:`
/// with the documented exit code.
@main
struct APNSCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apnsctl",
        abstract: "Manage the credentials a server needs to talk to Apple Push Notification service.",
        discussion: """
        Certificates (.p12, PEM, DER): inspect, convert, verify topics and environment. Provisioning without a \
        Mac: a certificate request for Apple's portal (cert request), Apple's .cer joined with its key (cert \
        join), provisioning profiles read and checked (profile inspect, profile verify), and one expiry listing \
        of every credential a host holds (expiry). Signing keys (.p8) in a keystore with a rotation lifecycle and \
        an audit log. Cached ES256 provider tokens. A canary prober over HTTP/2, and a local APNs stand-in for \
        offline tests. Every command takes --format json.

        EXAMPLES
          apnsctl cert convert push.p12 --to pem --out push.pem \\
            --password-env P12_PASSWORD
          apnsctl key import AuthKey_ABC123DEFG.p8 --team DEF123GHIJ
          apnsctl key rotate --team DEF123GHIJ --to-key XYZ987WXYZ
          apnsctl cert verify push.pem --topic com.example.app --env production \\
            --min-days 30
          apnsctl cert request --out push.csr --bundle-id com.example.app
          apnsctl cert join aps.cer --out push.p12 --out-password-env P12_PASSWORD
          apnsctl profile verify App.mobileprovision --env production \\
            --bundle-id com.example.app
          apnsctl expiry /etc/apns --min-days 30 --format prometheus --out apnsctl.prom
          apnsctl probe --env production --team DEF123GHIJ --format prometheus

        KEYSTORE
        Chosen by --keystore PATH, else $APNSCTL_KEYSTORE, else ./keystore when it holds a keystore, \
        else $XDG_DATA_HOME/apnsctl (~/.local/share/apnsctl). A directory (0700) with a versioned \
        manifest (keystore.json), keys/ and certs/ (secrets 0600), a token cache, a lock file (every change is made \
        under flock and written atomically) and audit.log (JSON lines; never a secret). See keystore/README.md.

        ENVIRONMENT
          APNSCTL_KEYSTORE  the keystore directory when --keystore is not given
          XDG_DATA_HOME     where the default keystore lives (apnsctl/ below it)

        Passwords are never taken from the command line: a prompt, --password-file FILE or --password-env NAME.

        EXIT CODES
        \(ExitStatus.allCases.map { "  \($0.rawValue)  \($0.summary)" }.joined(separator: "\n"))
        """,
        version: VersionReport.line,
        subcommands: [
            CertCommand.self,
            KeyCommand.self,
            AscCommand.self,
            KeystoreCommand.self,
            ProfileCommand.self,
            ExpiryCommand.self,
            TokenCommand.self,
            ProbeCommand.self,
            PayloadCommand.self,
            AppCommand.self,
            ChannelCommand.self,
            DeviceCommand.self,
            MockCommand.self,
            DoctorCommand.self,
            ExporterCommand.self,
            DemoCommand.self,
        ]
    )

    /// A synchronous `main`: a verb runs in a task while the main thread waits for it, so the main thread ends
    /// with the process (`exit`) instead of in `dispatch_main()`'s `pthread_exit`, whose forced unwind reads
    /// `.eh_frame`: `token` 13.9 vs 15.7 MB max RSS, `cert inspect` 17.0 vs 19.0 MB with every verb on the
    /// `dispatchMain()` path (least of 5, Benchmarks/startup-memory.sh; docs/benchmarks.md). Servers that run until
    /// a signal (`mock serve`, `token agent`) keep the main thread parked in `dispatchMain()`, as an async `main` does.
    static func main() {
        // Nothing is set up here: OpenSSL's providers and libcurl are loaded by the first verb that needs them
        // (OpenSSLRuntime.bootstrap(), CurlRuntime.bootstrap()), so `--version`, `token` and `key` never pay for them.
        let command: any ParsableCommand
        do {
            if let format = VersionReport.requestedFormat(Array(CommandLine.arguments.dropFirst())) {
                if format == .json { try Console.printJSON(VersionReport.current()) } else { print(VersionReport.line) }
                return
            }
            command = try parseAsRoot()
        } catch {
            fail(error)
        }
        guard let verb = command as? any AsyncParsableCommand else {
            var command = command
            do { try command.run() } catch { fail(error) }
            return
        }
        let running = ParsedVerb(verb)
        if verb is MockServe || verb is TokenAgentCommand {
            Task {
                await running.run()
                Glibc.exit(0)
            }
            dispatchMain()
        }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await running.run()
            done.signal()
        }
        done.wait()
    }

    /// Renders `error` as `apnsctl: error:` / `apnsctl: hint:` with its exit code (ArgumentParser's help and
    /// version text as they are, exit 0), and exits.
    static func fail(_ error: any Error) -> Never {
        if let error = APNsError.presented(error) { Console.fail(DamagedKey.reworded(error)) }
        if let exit = error as? ExitCode { Glibc.exit(exit.rawValue) }
        let code = exitCode(for: error)
        if code == .success {
            // --help, --version: ArgumentParser's own text, on stdout; a verb's help ends with its exit codes.
            print(fullMessage(for: error) + VerbExitCodes.helpSection(arguments: Array(CommandLine.arguments.dropFirst())))
            Glibc.exit(0)
        }
        let message = message(for: error).trimmingWhitespace()
        let first = message.split(separator: "\n").first.map(String.init) ?? message
        let cleaned = first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
        Console.fail(APNsError.usage(cleaned, hint: "see `apnsctl help` or add --help to the command"))
    }
}

/// A parsed verb handed to the task that runs it: the main thread never touches it again, so it crosses to that
/// task alone (what `@unchecked Sendable` asserts here).
private final class ParsedVerb: @unchecked Sendable {
    private var verb: any AsyncParsableCommand

    init(_ verb: any AsyncParsableCommand) { self.verb = verb }

    /// Runs the verb; a failure exits with its status (``APNSCtl/fail(_:)``).
    func run() async {
        do { try await verb.run() } catch { APNSCtl.fail(error) }
    }
}
