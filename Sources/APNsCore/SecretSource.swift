#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where a password or passphrase comes from. Never from argv: a prompt on the terminal, a file, or an
/// environment variable named on the command line.
public enum SecretSource: Sendable, Equatable {
    /// Read the first line of a file (`--password-file`); `-` reads standard input.
    case file(String)
    /// Read an environment variable (`--password-env NAME`).
    case environment(String)
    /// Ask on the terminal without echo, with this prompt.
    case prompt(String)
    /// A new password: ask twice on the terminal, as `openssl pkcs12 -export` does, and fail when they differ.
    case newSecret(String)

    /// Returns the secret. A file's trailing newline is not part of it.
    public func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        switch self {
        case .file(let path):
            let bytes = try SecureFile.read(path, limit: 64 * 1024)
            var text = String(decoding: bytes, as: UTF8.self)
            if let newline = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
                text = String(text[..<newline])
            }
            return text
        case .environment(let name):
            guard let value = environment[name] else {
                throw APNsError.usage("environment variable \(name) is not set",
                                      remedy: SecretRemedy.exportVariable(name))
            }
            return value
        case .prompt(let message):
            return try Terminal.readSecret(prompt: message)
        case .newSecret(let message):
            let first = try Terminal.readSecret(prompt: message)
            return try Self.confirmed(first, try Terminal.readSecret(prompt: "Verifying - " + message))
        }
    }

    /// The new password when both entries agree; a typing mistake must not lock the user out of a new file.
    public static func confirmed(_ first: String, _ second: String) throws -> String {
        guard first == second else {
            throw APNsError.badInput("the two passwords typed differ; nothing was written",
                                     hint: "run the command again and type the same password twice")
        }
        return first
    }

    /// This source, asking twice when it is a prompt: for passwords that protect a new file.
    public var forNewSecret: SecretSource {
        if case .prompt(let message) = self { return .newSecret(message) }
        return self
    }
}

/// The controlling terminal, for prompts that must not echo.
public enum Terminal {
    /// Prompts on /dev/tty with echo off and returns the line typed.
    public static func readSecret(prompt: String) throws -> String {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0, isatty(fd) == 1 else {
            if fd >= 0 { close(fd) }
            throw APNsError.usage("a password is needed and there is no terminal to ask on",
                                  remedy: SecretRemedy.passwordSource)
        }
        defer { close(fd) }
        var saved = termios()
        tcgetattr(fd, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(fd, TCSAFLUSH, &silent)
        defer {
            tcsetattr(fd, TCSAFLUSH, &saved)
            _ = Glibc.write(fd, "\n", 1)
        }
        _ = prompt.withCString { Glibc.write(fd, $0, strlen($0)) }
        var line = [UInt8]()
        var byte: UInt8 = 0
        while Glibc.read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }
}

/// What to do when a secret is not at hand.
public enum SecretRemedy: Remedy, Equatable {
    /// Set the environment variable `name`, or name a file that holds the secret instead.
    case exportVariable(String)
    /// Give the password from a file or an environment variable.
    case passwordSource
}
