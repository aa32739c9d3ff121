import APNsCore
import APNsExporterConfiguration
import APNsExporterYAML
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// apnsctl-exporter-config FILE: reads the exporter's YAML configuration with Yams and writes, on stdout, the
// configuration as JSON (exit 0) or the ConfigurationError as JSON (file, line, key, problem; exit 3). The exporter
// runs it at start and on SIGHUP, so that Yams (and the full Foundation it imports) stays out of its binary.
// Exit 2: not one argument. The configuration holds paths only, never a secret.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let file = arguments.first, !file.hasPrefix("-") else {
    StandardStream.error.write("usage: apnsctl-exporter-config FILE\n"
        + "Writes the exporter's configuration FILE (YAML) as JSON, or its error as JSON with exit status 3.\n")
    exit(2)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let status: Int32
let data: Data
do {
    let configuration = try ConfigurationParser.load(file)
    data = try encoder.encode(configuration)
    status = 0
} catch let error as ConfigurationError {
    data = (try? encoder.encode(error)) ?? Data()
    status = 3
} catch {
    StandardStream.error.write("apnsctl-exporter-config: \(error)\n")
    exit(70)
}
StandardStream.output.write(Array(data) + [0x0A])
exit(status)
