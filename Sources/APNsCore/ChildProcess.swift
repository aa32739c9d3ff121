#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end and captures what it prints: posix_spawn, three pipes and poll. The demo and the
/// exporter's configuration reader use it instead of Foundation's `Process`, which is not in FoundationEssentials
/// (full Foundation links ICU).
public struct ChildProcess: Sendable {
    /// How the child ended and what it printed.
    public struct Result: Sendable {
        /// The exit code, or the signal number when a signal ended it (as `Process.terminationStatus`).
        public var status: Int32
        /// What the child wrote to standard output.
        public var stdout: [UInt8]
        /// What the child wrote to standard error.
        public var stderr: [UInt8]
    }

    /// Why the child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The program's path (not looked up in `PATH`).
    public var executable: String
    /// Its arguments, without the program's name.
    public var arguments: [String]
    /// Its whole environment.
    public var environment: [String: String]
    /// The directory it runs in.
    public var directory: String

    public init(executable: String, arguments: [String], environment: [String: String], directory: String) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
    }

    /// Starts the child in `directory`, writes `stdin` to it, reads stdout and stderr together until both end,
    /// and waits for it.
    public func run(stdin: [UInt8]) throws(SpawnError) -> Result {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard Self.pipe(&input), Self.pipe(&output), Self.pipe(&errors) else {
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        guard let addChdir = Self.addChdir, addChdir(&actions, directory) == 0 else {
            [input, output, errors].forEach { $0.forEach { close($0) } }
            throw SpawnError(description: "cannot run in \(directory) (needs glibc 2.29 or later)")
        }
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
        close(input[0]); close(output[1]); close(errors[1])
        guard spawned == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        Self.writeAll(stdin, to: input[1])
        close(input[1])
        let (stdout, stderr) = Self.drain(output[0], errors[0])
        close(output[0]); close(errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let signal = status & 0x7F
        return Result(status: signal == 0 ? (status >> 8) & 0xFF : signal, stdout: stdout, stderr: stderr)
    }

    /// A pipe whose ends close on exec (the child gets only the copies dup2 makes); `pipe2` is not imported.
    private static func pipe(_ fds: inout [Int32]) -> Bool {
        guard Glibc.pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                 UnsafePointer<CChar>) -> Int32

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which Swift's Glibc module does not declare.
    private static let addChdir: AddChdir? = {
        guard let handle = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(handle, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, base + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Reads both descriptors until each reaches its end, whichever the child fills first.
    private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var results: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let n = read(fds[index].fd, &buffer, buffer.count)
                if n > 0 {
                    results[index].append(contentsOf: buffer[0..<n])
                } else if n == 0 || errno != EINTR {
                    fds[index].fd = -1
                }
            }
        }
        return (results[0], results[1])
    }
}
