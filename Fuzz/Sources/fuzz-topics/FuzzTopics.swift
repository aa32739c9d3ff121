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

/// The executable's entry point (SwiftPM makes `main` an alias of `fuzz_topics_main`): libFuzzer's driver with
/// ``fuzzTopics`` as the target.
@_cdecl("fuzz_topics_main")
public func fuzz_topicsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzTopics(data, size)
    }
}
