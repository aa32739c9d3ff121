// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// The release binary, linked small (docs/benchmarks.md, issue 21): lld, no symbol table exported for dlopen
// (nothing dlopens apnsctl; saves 3.5 MB), and relative relocations packed (DT_RELR, glibc 2.36+; saves 2 MB).
//
// The functions that one-shot commands run (--version, --help, token, cert inspect, probe) come first in the text,
// in the order scripts/gen-symbol-order.sh records (scripts/apnsctl.symbol-order): start-up code is otherwise
// scattered over 20 MB, and each page fault maps up to 16 pages around it: without the order, `token` takes 17.9 MB
// max RSS instead of 13.7 and `cert inspect` 21.0 instead of 17.0 (least of 5, Benchmarks/startup-memory.sh;
// docs/benchmarks.md). A stale or missing name changes only the layout (lld is told not to warn about them).
// libstdc++ is linked statically when `make release` has put libstdc++.a in .build-cxx/ (else libstdc++.so.6).
let leanRelease: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/apnsctl.symbol-order",
                  "-Xlinker", "--no-warn-symbol-ordering",
                  // `make release` links the toolchain's libstdc++.a here: found before libstdc++.so (Makefile static-cxx).
                  "-L\(Context.packageDirectory)/.build-cxx"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "apnsctl",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "apnsctl", targets: ["apnsctl"]),
        .executable(name: "apnsctl-exporter-config", targets: ["apnsctl-exporter-config"]),
        .library(name: "APNsCredentials", targets: ["APNsCredentials"]),
        .library(name: "APNsKeystore", targets: ["APNsKeystore"]),
        .library(name: "APNsTokens", targets: ["APNsTokens"]),
        .library(name: "APNsProbe", targets: ["APNsProbe"]),
        .library(name: "APNsMock", targets: ["APNsMock"]),
        .library(name: "APNsProvisioning", targets: ["APNsProvisioning"]),
        .library(name: "APNsEtcd", targets: ["APNsEtcd"]),
        .library(name: "APNsTokenAgent", targets: ["APNsTokenAgent"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // The exporter (issue 33): its YAML configuration and its Prometheus exposition.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // libcurl's headers (libcurl4-openssl-dev); the library itself is opened on first use (see CCurl.h).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("ssl"), .linkedLibrary("crypto")]),
        // What `--version` reports: VERSION, commit, build date, Swift (scripts/build-info.sh writes the header).
        .target(name: "CBuildInfo"),

        // The domain's words, no I/O (docs/architecture.md): every module may import it; it imports nothing of ours.
        .target(name: "APNsModel", swiftSettings: strict),
        // Errors, exit codes, secure files, secrets, clocks, termination signals: what every module shares.
        .target(name: "APNsCore", dependencies: [
            "APNsModel",
        ], swiftSettings: strict),
        .target(name: "APNsCredentials", dependencies: [
            "APNsModel", "APNsCore", "COpenSSL",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        .target(name: "APNsTokens", dependencies: [
            "APNsCore",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        .target(name: "APNsKeystore", dependencies: [
            "APNsModel", "APNsCore", "APNsCredentials", "APNsTokens",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        // libcurl's easy handle, header lists and run-time loading, shared by the prober and the etcd client.
        .target(name: "APNsCurl", dependencies: ["APNsCore", "CCurl"], swiftSettings: strict),
        // The Prometheus text every apnsctl metric is written in, by swift-prometheus (exporter, probe, expiry, agent).
        .target(name: "APNsMetrics", dependencies: [
            "APNsCore", .product(name: "Prometheus", package: "swift-prometheus"),
        ], swiftSettings: strict),
        // The rules APNs applies to a push's headers and payload, and Apple's advice on them (issue 32 §2):
        // shared by the mock, the prober and `payload check`.
        .target(name: "APNsPushRules", dependencies: ["APNsModel", "APNsCore"], swiftSettings: strict),
        .target(name: "APNsProbe", dependencies: [
            "APNsModel", "APNsCore", "APNsCurl", "APNsCredentials", "APNsMetrics", "APNsPushRules", "CCurl",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ], swiftSettings: strict),
        .target(name: "APNsMock", dependencies: [
            "APNsModel", "APNsCore", "APNsCredentials", "APNsTokens", "APNsPushRules",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            .product(name: "NIOHPACK", package: "swift-nio-http2"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOTLS", package: "swift-nio"),
        ], swiftSettings: strict),
        // One kept-open HTTP/2 connection over TLS with PING (issue 33 §1): the exporter's canaries.
        .target(name: "APNsHTTP2Client", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOTLS", package: "swift-nio"),
            .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            .product(name: "NIOHPACK", package: "swift-nio-http2"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ], swiftSettings: strict),
        // Certificate requests, joining Apple's .cer, provisioning profiles (CMS + plist), expiry.
        .target(name: "APNsProvisioning", dependencies: [
            "APNsModel", "APNsCore", "APNsCredentials", "APNsKeystore", "APNsMetrics", "COpenSSL",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ], swiftSettings: strict),
        // etcd v3 through its JSON gateway (issue 22): the client the fleet keystore is built on, over libcurl
        // (HTTP/1.1; the library the prober already loads). NIOSSL only reads the TLS files up front.
        // The App Store Connect API client (JSON:API over libcurl): bundle IDs, capabilities, profiles (docs/provisioning.md).
        .target(name: "APNsAppStoreConnect", dependencies: [
            "APNsModel", "APNsCore", "APNsCurl", "CCurl",
        ], swiftSettings: strict),
        // A local App Store Connect (SwiftNIO HTTP/1.1 over TLS) that `mock asc` serves: state in a JSON file,
        // profiles signed by its own CA.
        .target(name: "APNsAppStoreConnectMock", dependencies: [
            "APNsModel", "APNsCore", "APNsCredentials", "APNsMock", "APNsProvisioning",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ], swiftSettings: strict),
        .target(name: "APNsEtcd", dependencies: [
            "APNsCore", "APNsCurl", "CCurl",
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ], swiftSettings: strict),
        // The keystore kept in etcd for a fleet (issue 22): a KeystoreStorage, secrets sealed with a
        // key-encryption key; KeystoreStores opens a directory or an etcd:// keystore for the CLI.
        .target(name: "APNsKeystoreEtcd", dependencies: [
            "APNsModel", "APNsCore", "APNsKeystore", "APNsTokens", "APNsEtcd",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ], swiftSettings: strict),
        // The token agent: token files and metrics for sender hosts, fed by the fleet's records (docs/fleet.md).
        .target(name: "APNsTokenAgent", dependencies: [
            "APNsCore", "APNsKeystore", "APNsKeystoreEtcd", "APNsMetrics", "APNsTokens",
        ], swiftSettings: strict),
        // The exporter's configuration as values (Codable): what apnsctl-exporter-config prints and apnsctl decodes.
        .target(name: "APNsExporterConfiguration", dependencies: ["APNsModel", "APNsCore"], swiftSettings: strict),
        // `apnsctl exporter` (issue 33): canaries on kept-open connections, credential expiry, token ages, served
        // to Prometheus over HTTP/1.1 (docs/exporter.md).
        .target(name: "APNsExporter", dependencies: [
            "APNsModel", "APNsCore", "APNsCurl", "APNsExporterConfiguration", "APNsCredentials", "APNsKeystore", "APNsKeystoreEtcd", "APNsTokens", "APNsProbe",
            "APNsProvisioning", "APNsMetrics", "APNsHTTP2Client",
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], swiftSettings: strict),
        // The exporter's YAML configuration, read with Yams. Yams imports full Foundation (ICU), so only the
        // apnsctl-exporter-config tool links it; apnsctl runs that tool and decodes its JSON (docs/exporter.md).
        .target(name: "APNsExporterYAML", dependencies: [
            "APNsModel", "APNsCore", "APNsExporterConfiguration",
            .product(name: "Yams", package: "Yams"),
        ], swiftSettings: strict),
        .executableTarget(name: "apnsctl-exporter-config", dependencies: [
            "APNsCore", "APNsExporterConfiguration", "APNsExporterYAML",
        ], swiftSettings: strict),
        // Use cases where the libraries meet (docs/architecture.md): typed input, typed result, tested in process.
        .target(name: "APNsOperations", dependencies: [
            "APNsModel", "APNsCore", "APNsCredentials", "APNsKeystore", "APNsKeystoreEtcd", "APNsTokens", "APNsProbe",
            "APNsProvisioning", "APNsPushRules", "APNsTokenAgent", "APNsMock", "APNsExporter", "APNsExporterConfiguration",
            "APNsAppStoreConnect", "APNsAppStoreConnectMock",
        ], swiftSettings: strict),
        .executableTarget(name: "apnsctl", dependencies: [
            "APNsModel", "APNsOperations", "APNsCore", "APNsEtcd", "APNsCredentials", "APNsKeystore", "APNsKeystoreEtcd", "APNsTokenAgent", "APNsTokens", "APNsProbe", "APNsMock",
            "APNsProvisioning", "APNsPushRules", "APNsExporter", "APNsExporterConfiguration", "CBuildInfo",
            "APNsAppStoreConnect", "APNsAppStoreConnectMock",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strict, linkerSettings: leanRelease),

        // Benchmarks (not part of `swift test`): run with `make bench`, see Benchmarks/run.sh.
        .executableTarget(name: "apnsctl-bench", dependencies: [
            "APNsCore", "APNsTokens", "APNsCredentials", "APNsMock",
            .product(name: "Crypto", package: "swift-crypto"),
        ], path: "Benchmarks/apnsctl-bench", swiftSettings: strict),

        // Signatures per hour for a fleet, with and without the shared token (Benchmarks/run.sh, case fleet_token).
        .executableTarget(name: "apnsctl-fleet-bench", dependencies: [
            "APNsModel", "APNsCore", "APNsKeystore", "APNsKeystoreEtcd", "APNsTokens",
        ], path: "Benchmarks/apnsctl-fleet-bench", swiftSettings: strict),

        // What every test target shares: spawning programs, fixture paths, scratch directories.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "APNsMetricsTests", dependencies: ["TestSupport", "APNsMetrics", "APNsCore"], swiftSettings: strict),
        .testTarget(name: "APNsCoreTests", dependencies: ["TestSupport", "APNsModel", "APNsCore"], swiftSettings: strict),
        .testTarget(name: "APNsCredentialsTests", dependencies: ["TestSupport", "APNsCredentials", "APNsCore"], swiftSettings: strict),
        .testTarget(name: "APNsTokensTests", dependencies: ["TestSupport", "APNsTokens", "APNsCore"], swiftSettings: strict),
        .testTarget(name: "APNsKeystoreTests", dependencies: ["TestSupport", "APNsModel", "APNsKeystore", "APNsTokens", "APNsCore",
                                                              .product(name: "PropertyBased", package: "swift-property-based")],
                    swiftSettings: strict),
        .testTarget(name: "APNsProbeTests", dependencies: ["TestSupport", "APNsModel", "APNsProbe", "APNsMock", "APNsMetrics", "APNsCore", "APNsPushRules"], swiftSettings: strict),
        .testTarget(name: "APNsPushRulesTests", dependencies: ["APNsPushRules", "APNsModel", "APNsCore"], swiftSettings: strict),
        .testTarget(name: "APNsMockTests", dependencies: ["TestSupport", 
            "APNsModel", "APNsMock", "APNsKeystore", "APNsTokens", "APNsCore",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        .testTarget(name: "APNsEtcdTests", dependencies: ["TestSupport", "APNsEtcd", "APNsCore"], swiftSettings: strict),
        .testTarget(name: "APNsKeystoreEtcdTests", dependencies: [
            "TestSupport", "APNsKeystoreEtcd", "APNsKeystore", "APNsEtcd", "APNsCore",
        ], swiftSettings: strict),
        .testTarget(name: "APNsTokenAgentTests", dependencies: [
            "TestSupport", "APNsModel", "APNsTokenAgent", "APNsKeystoreEtcd", "APNsKeystore", "APNsTokens", "APNsCore",
        ], swiftSettings: strict),
        .testTarget(name: "apnsctlTests", dependencies: [
            "TestSupport", "APNsCore", .product(name: "PropertyBased", package: "swift-property-based"),
        ], swiftSettings: strict),
        .testTarget(name: "APNsOperationsTests", dependencies: [
            "TestSupport", "APNsOperations", "APNsModel", "APNsMock", "APNsKeystore", "APNsKeystoreEtcd", "APNsTokens",
            "APNsProbe", "APNsProvisioning", "APNsCredentials", "APNsCore", "APNsPushRules", "APNsTokenAgent",
            "APNsExporter", "APNsExporterConfiguration", "APNsAppStoreConnect", "APNsAppStoreConnectMock",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        .testTarget(name: "APNsExporterTests", dependencies: [
            "TestSupport", "APNsExporter", "APNsExporterConfiguration", "APNsExporterYAML", "APNsModel", "APNsCore",
            "APNsMock", "APNsTokens", "APNsKeystore", .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        .testTarget(name: "APNsHTTP2ClientTests", dependencies: [
            "TestSupport", "APNsHTTP2Client", "APNsMock", "APNsModel", "APNsTokens", "APNsCore",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
        .testTarget(name: "APNsProvisioningTests", dependencies: [
            "TestSupport", "APNsProvisioning", "APNsCredentials", "APNsKeystore", "APNsCore",
        ], swiftSettings: strict),
        .testTarget(name: "APNsAppStoreConnectTests", dependencies: [
            "TestSupport", "APNsAppStoreConnect", "APNsAppStoreConnectMock", "APNsProvisioning", "APNsCredentials",
            "APNsModel", "APNsCore", .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strict),
    ]
)
