import ArgumentParser

struct CertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cert",
        abstract: "Inspect, convert, verify, import APNs certificates (.p12, PEM, DER); request and join new ones.",
        subcommands: [CertInspect.self, CertConvert.self, CertVerify.self, CertImport.self, CertRequest.self,
                      CertJoin.self]
    )
}
