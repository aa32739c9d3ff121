import APNsCore
import Foundation
import Testing

@Suite struct SecureFileTests {
    let directory: String = {
        let path = NSTemporaryDirectory() + "apnsctl-core-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    @Test func writesWithExactModeWhateverTheUmask() throws {
        let old = umask(0)
        defer { umask(old) }
        let path = directory + "/secret.pem"
        try SecureFile.write(Array("key".utf8), to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try SecureFile.read(path) == Array("key".utf8))
    }

    @Test func refusesToOverwriteWithoutForceAndLeavesNoTemporaryFile() throws {
        let path = directory + "/out.pem"
        try SecureFile.write(Array("one".utf8), to: path)
        #expect(throws: APNsError.self) { try SecureFile.write(Array("two".utf8), to: path) }
        #expect(try SecureFile.read(path) == Array("one".utf8))
        try SecureFile.write(Array("two".utf8), to: path, overwrite: true)
        #expect(try SecureFile.read(path) == Array("two".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(left == ["out.pem"])
    }

    @Test func readErrorsNameTheFileAndTheProblem() throws {
        let missing = directory + "/nope.p12"
        let error = #expect(throws: APNsError.self) { try SecureFile.read(missing) }
        #expect(error?.message == "\(missing): no such file")
        #expect(error?.status == .badInput)
        let dirError = #expect(throws: APNsError.self) { try SecureFile.read(directory) }
        #expect(dirError?.message.contains("is a directory") == true)
        let big = directory + "/big.bin"
        #expect(FileManager.default.createFile(atPath: big, contents: Data(count: 2 << 20)))
        let bigError = #expect(throws: APNsError.self) { try SecureFile.read(big) }
        #expect(bigError?.message.contains("too large") == true)
    }

    @Test func writingIntoAMissingDirectoryFailsCleanly() {
        let error = #expect(throws: APNsError.self) {
            try SecureFile.write(Array("x".utf8), to: directory + "/no/such/dir/out.pem")
        }
        #expect(error?.status == .output)
    }

    @Test func secretSourcesReadFirstLineAndEnvironment() throws {
        let path = directory + "/pw"
        try SecureFile.write(Array("hunter2\nsecond line\n".utf8), to: path)
        #expect(try SecretSource.file(path).resolve() == "hunter2")
        #expect(try SecretSource.environment("PW").resolve(environment: ["PW": "s3cret"]) == "s3cret")
        #expect(throws: APNsError.self) { try SecretSource.environment("PW").resolve(environment: [:]) }
    }
}
