import ArgumentParser

struct CertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cert",
        abstract: "Inspect, convert, verify and import APNs certificates (.p12, PEM, DER).",
        subcommands: [CertInspect.self, CertConvert.self, CertVerify.self, CertImport.self]
    )
}
