// swift-tools-version:6.1
// libFuzzer targets for apnsctl's parsers (issue 10 §2). Not part of `swift build` / `make test` of the main
// package: build and run them with `make fuzz` (scripts/fuzz.sh), which keeps its own build directory.
import PackageDescription

/// Every target is an executable whose `LLVMFuzzerTestOneInput` libFuzzer calls; `-parse-as-library` because
/// there is no `main`, and the sanitizer flags make it a libFuzzer binary with AddressSanitizer.
let fuzzer: [SwiftSetting] = [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"])]
let link: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

func target(_ name: String, _ products: [String]) -> Target {
    .executableTarget(name: name, dependencies: ["CFuzzDriver"] + products.map { .product(name: $0, package: "apnsctl") },
                      swiftSettings: fuzzer, linkerSettings: link)
}

let package = Package(
    name: "apnsctl-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "apnsctl", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        target("fuzz-credential-reader", ["APNsCredentials"]),
        target("fuzz-topics", ["APNsCredentials"]),
        target("fuzz-key-reader", ["APNsKeystore"]),
        target("fuzz-jwt", ["APNsTokens"]),
        target("fuzz-manifest", ["APNsKeystore"]),
        target("fuzz-token-cache", ["APNsKeystore"]),
        target("fuzz-mock-validator", ["APNsMock", "APNsKeystore", "APNsTokens"]),
        target("fuzz-profile", ["APNsProvisioning"]),
        target("fuzz-csr", ["APNsProvisioning"]),
    ]
)
