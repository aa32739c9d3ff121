import Foundation

/// A real 3-member etcd cluster on 127.0.0.1 for the tests (Debian's `etcd-server` and `etcd-client`): free
/// client and peer ports, data directories under a scratch directory, short heartbeat and election timeouts,
/// optionally TLS on the client URLs (a CA and a server certificate made with the `openssl` command, SAN
/// IP:127.0.0.1) and etcd's user authentication (a root user and `auth enable`).
///
/// The test that starts it stops it: `let cluster = try EtcdCluster.start(); defer { cluster.stop() }`.
public final class EtcdCluster: @unchecked Sendable {
    /// One member: its name, ports and the process running it (nil while stopped).
    public struct Member: Sendable {
        public var name: String
        public var clientPort: Int
        public var peerPort: Int
        /// `127.0.0.1:PORT`, as etcd:// addresses and etcdctl's --endpoints write it.
        public var endpoint: String { "127.0.0.1:\(clientPort)" }
    }

    public static let etcd = "/usr/bin/etcd"
    public static let etcdctl = "/usr/bin/etcdctl"
    public static let openssl = "/usr/bin/openssl"
    /// Whether etcd and etcdctl are installed (`make test-deps`).
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: etcd) && FileManager.default.isExecutableFile(atPath: etcdctl)
    }

    public let members: [Member]
    /// The scratch directory: data directories, logs, certificates.
    public let directory: URL
    /// The CA that signed the members' certificates, when TLS is on.
    public let caFile: String?
    /// root's password, when authentication is on.
    public let rootPassword: String?
    /// With `proxied`: a ``LinkProxy`` in front of each member's peer URL (the URL the others know it by) and one
    /// in front of its client URL (``proxiedEndpoint(_:)``), for the fault tests to cut; empty otherwise.
    public let peerProxies: [LinkProxy]
    public let clientProxies: [LinkProxy]

    private let lock = NSLock()
    private var processes: [Process?]

    /// `HOST:PORT,HOST:PORT,HOST:PORT`: the members' client endpoints, comma-separated.
    public var endpoints: String { members.map(\.endpoint).joined(separator: ",") }
    /// The scheme the members' client URLs use.
    public var scheme: String { caFile == nil ? "http" : "https" }

    private init(members: [Member], directory: URL, caFile: String?, rootPassword: String?,
                 peerProxies: [LinkProxy] = [], clientProxies: [LinkProxy] = []) {
        self.peerProxies = peerProxies
        self.clientProxies = clientProxies
        self.members = members
        self.directory = directory
        self.caFile = caFile
        self.rootPassword = rootPassword
        self.processes = Array(repeating: nil, count: members.count)
    }

    /// Starts three members and waits until every one reports healthy; with `tls`, the client URLs are https
    /// with a fresh CA; with `auth`, a root user is created and authentication enabled.
    public static func start(tls: Bool = false, auth: Bool = false, proxied: Bool = false) throws -> EtcdCluster {
        let directory = TestPaths.temporaryDirectory("etcd")
        var ports: Set<Int> = []
        while ports.count < 6 { ports.insert(try freePort()) }
        let list = Array(ports)
        let members = (0..<3).map { Member(name: "m\($0)", clientPort: list[$0], peerPort: list[$0 + 3]) }
        let caFile = tls ? try makeCertificates(in: directory) : nil
        let peerProxies = proxied ? try members.map { try LinkProxy(to: $0.peerPort, sniffsPeers: true) } : []
        let clientProxies = proxied ? try members.map { try LinkProxy(to: $0.clientPort) } : []
        let cluster = EtcdCluster(members: members, directory: directory, caFile: caFile,
                                  rootPassword: auth ? "root-\(UUID().uuidString.prefix(8))" : nil,
                                  peerProxies: peerProxies, clientProxies: clientProxies)
        do {
            for index in members.indices { try cluster.launch(index) }
            try cluster.waitHealthy(members.indices)
            if auth {
                guard let password = cluster.rootPassword else { return cluster }
                try cluster.etcdctlChecked(["user", "add", "root:\(password)"], asRoot: false)
                try cluster.etcdctlChecked(["user", "grant-role", "root", "root"], asRoot: false)
                try cluster.etcdctlChecked(["auth", "enable"], asRoot: false)
            }
        } catch {
            cluster.stop()
            throw error
        }
        return cluster
    }

    private func arguments(_ index: Int) -> [String] {
        let member = members[index]
        func advertised(_ index: Int) -> Int { peerProxies.isEmpty ? members[index].peerPort : peerProxies[index].port }
        let cluster = members.indices.map { "\(members[$0].name)=http://127.0.0.1:\(advertised($0))" }.joined(separator: ",")
        var arguments = [
            "--name", member.name,
            "--data-dir", directory.appendingPathComponent(member.name).path,
            "--listen-client-urls", "\(scheme)://127.0.0.1:\(member.clientPort)",
            "--advertise-client-urls", "\(scheme)://127.0.0.1:\(member.clientPort)",
            "--listen-peer-urls", "http://127.0.0.1:\(member.peerPort)",
            "--initial-advertise-peer-urls", "http://127.0.0.1:\(advertised(index))",
            "--initial-cluster", cluster,
            "--initial-cluster-state", "new",
            "--initial-cluster-token", "apnsctl-test-\(members[0].clientPort)",
            "--heartbeat-interval", "100",
            "--election-timeout", "1000",
            "--logger", "zap",
            "--log-level", "warn",
        ]
        if caFile != nil {
            arguments += ["--cert-file", directory.appendingPathComponent("server.pem").path,
                          "--key-file", directory.appendingPathComponent("server.key").path]
        }
        return arguments
    }

    private func launch(_ index: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.etcd)
        process.arguments = arguments(index)
        let log = directory.appendingPathComponent("\(members[index].name).log")
        if !FileManager.default.fileExists(atPath: log.path) {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        lock.withLock { processes[index] = process }
    }

    /// The process ID of member `index`, nil while it is stopped.
    public func pid(_ index: Int) -> Int32? { lock.withLock { processes[index]?.processIdentifier } }

    /// Stops member `index` with SIGTERM and waits for it to exit.
    public func stopMember(_ index: Int) { end(index, signal: SIGTERM) }

    /// Kills member `index` with SIGKILL (kill -9) and waits for it to exit.
    public func killMember(_ index: Int) { end(index, signal: SIGKILL) }

    /// Freezes member `index` with SIGSTOP: its sockets stay open but it answers nothing.
    public func pauseMember(_ index: Int) { if let pid = pid(index) { kill(pid, SIGSTOP) } }

    /// Thaws a member frozen by ``pauseMember(_:)``.
    public func resumeMember(_ index: Int) { if let pid = pid(index) { kill(pid, SIGCONT) } }

    /// Starts a stopped or killed member again on its data directory and waits until it is healthy.
    public func restartMember(_ index: Int) throws {
        guard pid(index) == nil else { return }
        try launch(index)
        try waitHealthy([index])
    }

    private func end(_ index: Int, signal: Int32) {
        guard let process = lock.withLock({ () -> Process? in
            let process = processes[index]
            processes[index] = nil
            return process
        }) else { return }
        kill(process.processIdentifier, SIGCONT)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    /// Stops every member still running and removes the scratch directory.
    public func stop() {
        for index in members.indices { end(index, signal: SIGKILL) }
        for proxy in peerProxies + clientProxies { proxy.stop() }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: etcdctl

    /// Runs etcdctl against `endpoints` (default: every member), with the CA and root's credentials when the
    /// cluster has them.
    public func etcdctl(_ arguments: [String], endpoints: [Int]? = nil, asRoot: Bool = true,
                        timeout: TimeInterval = 30) throws -> ProcessResult {
        let chosen = (endpoints ?? Array(members.indices)).map { "\(scheme)://\(members[$0].endpoint)" }
        var global = ["--endpoints", chosen.joined(separator: ","), "--command-timeout", "5s", "--dial-timeout", "2s"]
        if let caFile { global += ["--cacert", caFile] }
        if asRoot, let rootPassword { global += ["--user", "root:\(rootPassword)"] }
        return try ExternalProcess.run(Self.etcdctl, global + arguments, environment: ["ETCDCTL_API": "3"], timeout: timeout)
    }

    /// Runs etcdctl and throws with its output when it fails.
    @discardableResult
    public func etcdctlChecked(_ arguments: [String], endpoints: [Int]? = nil, asRoot: Bool = true) throws -> String {
        let result = try etcdctl(arguments, endpoints: endpoints, asRoot: asRoot)
        guard result.status == 0 else {
            throw ClusterError(message: "etcdctl \(arguments.joined(separator: " ")): \(result.stderr)\(result.stdout)")
        }
        return result.stdout
    }

    /// The index of the member that is the leader now, by `etcdctl endpoint status` of the running members.
    public func leader() throws -> Int? {
        let running = members.indices.filter { pid($0) != nil }
        let result = try etcdctl(["endpoint", "status"], endpoints: running)
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count > 4, fields[4] == "true" else { continue }
            let endpoint = fields[0].replacingOccurrences(of: "\(scheme)://", with: "")
            return members.firstIndex { $0.endpoint == endpoint }
        }
        return nil
    }

    /// Waits (up to `deadline` seconds) until a leader is elected among the running members.
    public func waitForLeader(deadline: TimeInterval = 30) throws -> Int {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            if let leader = try leader() { return leader }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw ClusterError(message: "no etcd leader within \(Int(deadline)) s\n\(logs())")
    }

    /// Waits (up to `deadline` seconds) until each member in `indices` answers `endpoint health`.
    public func waitHealthy(_ indices: some Sequence<Int>, deadline: TimeInterval = 60) throws {
        let end = Date().addingTimeInterval(deadline)
        for index in indices {
            while true {
                let result = try etcdctl(["endpoint", "health"], endpoints: [index], asRoot: false)
                if result.status == 0 { break }
                if pid(index) == nil || Date() > end {
                    throw ClusterError(message: "etcd member \(members[index].name) not healthy: \(result.stderr)\n\(logs())")
                }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    /// The members' logs, for a failure message.
    public func logs() -> String {
        members.map { member in
            let text = (try? String(contentsOf: directory.appendingPathComponent("\(member.name).log"), encoding: .utf8)) ?? ""
            return "--- \(member.name)\n" + text.split(separator: "\n").suffix(15).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    // MARK: Set-up helpers

    /// A CA and a server certificate for 127.0.0.1 (server.pem, server.key), made with the openssl command line.
    private static func makeCertificates(in directory: URL) throws -> String {
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
             "-subj", "/CN=apnsctl test etcd CA", "-keyout", path("ca.key"), "-out", path("ca.pem")],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-subj", "/CN=127.0.0.1", "-keyout", path("server.key"), "-out", path("server.csr")],
            ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
             "-CAcreateserial", "-days", "2", "-out", path("server.pem"),
             "-extfile", path("server.ext")],
        ]
        try "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n"
            .write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        for step in steps {
            let result = try ExternalProcess.run(openssl, step)
            guard result.status == 0 else { throw ClusterError(message: "openssl \(step[0]): \(result.stderr)") }
        }
        return path("ca.pem")
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    public static func freePort() throws -> Int { try TestPorts.free() }
}

/// A cluster that would not start or answer, with what etcd and etcdctl said.
public struct ClusterError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
