import CFuzzDriver
import APNsCredentials

/// The decoder of the APNs topics extension (1.2.840.113635.100.6.3.6), from its raw value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTopics(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let topics = try? APNsTopic.decodeExtension(bytes[...]) {
        _ = topics.map { $0.topic + $0.labels.joined() }
    }
    return 0
}

/// `main` (SwiftPM aliases it to `fuzz_topics_main` in debug builds): libFuzzer's driver over ``fuzzTopics``.
@_cdecl("fuzz_topics_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    apns_fuzz_main(argc, argv) { data, size in data.map { fuzzTopics($0, size) } ?? 0 }
}
