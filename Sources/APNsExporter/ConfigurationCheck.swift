import APNsCore
import APNsExporterConfiguration
import APNsModel
import APNsProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What loading a configuration checks after parsing it, at start and on every reload (SIGHUP): every file it
/// names can be read (`keystore:`, `token_dir:`, each target's `cacert:`, `cert:` and `password_file:`), and each
/// target's canary passes the push rules (``CanaryCheck``: its `topic:` and `push_type:`), so the exporter never
/// sends a canary APNs would refuse for its headers. A failure is a ``ConfigurationError`` naming the key and its
/// line; the configuration in force stays.
struct ConfigurationCheck {
    var configuration: ExporterConfiguration
    /// The token agent's directory given on the command line, which overrides `token_dir:`.
    var tokenDirectoryOverride: String?
    var openKeystore: CredentialSource.KeystoreOpener

    func run() throws(ConfigurationError) {
        let credentials = CredentialSource(keystore: configuration.keystore, tokenDirectory: tokenDirectory,
                                           openKeystore: openKeystore)
        try checkTokenDirectory()
        try checkKeystore()
        for (index, target) in configuration.targets.enumerated() {
            let key = "targets[\(index)]"
            if let caFile = target.server.caFile {
                do {
                    try CredentialSource.checkCAFile(caFile)
                } catch {
                    throw configuration.error("\(key).cacert", error.message)
                }
            }
            var topic = target.topic
            var pushType = target.pushType
            if case .certificate(let path, let passwordFile) = target.credential {
                do {
                    let read = try credentials.certificate(path, passwordFile: passwordFile)
                    if topic == nil { topic = read.defaultTopic }
                    if pushType == nil { pushType = read.defaultPushType }
                } catch {
                    let field = passwordFile.map { error.message.hasPrefix($0) } == true ? "password_file" : "cert"
                    throw configuration.error("\(key).\(field)", error.message)
                }
            }
            let canary = CanaryRequest.canary(topic: topic, pushType: pushType ?? .background)
            do {
                try CanaryCheck.validate(canary, topicRequired: target.credential.kind == "token")
            } catch {
                // A push type of its own (`invalid_push_type`, `background_priority`) is push_type's; a topic that
                // does not go with the push type is the topic's (the certificate's, when it gives the topic).
                let field = ["invalid_push_type", "background_priority"].contains(error.rule) ? "push_type"
                    : target.topic == nil ? "cert" : "topic"
                throw configuration.error("\(key).\(field)",
                                          "APNs would refuse this canary (\(error.reason.rawValue)): \(error.detail)")
            }
        }
    }

    private var tokenDirectory: String? { tokenDirectoryOverride ?? configuration.tokenDirectory }

    /// The token agent's directory must be a directory this user can list.
    private func checkTokenDirectory() throws(ConfigurationError) {
        guard let directory = tokenDirectory else { return }
        let key = "token_dir"
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw configuration.error(key, "\(directory): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw configuration.error(key, "\(directory): not a directory") }
        guard access(directory, R_OK | X_OK) == 0 else {
            throw configuration.error(key, "\(directory): permission denied (the exporter's user must read it)")
        }
    }

    /// The keystore the token canaries and the expiry scan read must open: `keystore:` when named (an `etcd://`
    /// keystore is a service, not a file: it is reached at each round), else the default one when a token target
    /// needs it.
    private func checkKeystore() throws(ConfigurationError) {
        if let keystore = configuration.keystore, keystore.hasPrefix("etcd://") { return }
        let needed = configuration.targets.contains { $0.credential.kind == "token" } && tokenDirectory == nil
        guard configuration.keystore != nil || needed else { return }
        do {
            _ = try openKeystore(configuration.keystore)
        } catch {
            // Without `keystore:`, the one given to the exporter (else the default) signs the token targets' tokens.
            let words = CredentialSource.words(error, file: configuration.keystore)
            throw configuration.error("keystore", configuration.keystore == nil
                ? "not named, and the keystore the token targets would use cannot be opened: \(words)" : words)
        }
    }
}
