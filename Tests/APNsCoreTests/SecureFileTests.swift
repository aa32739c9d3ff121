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

    @Test func fifosAndDevicesAreRefusedWithoutBlockingAndBigFilesBeforeReading() throws {
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever opens the FIFO: a blocking open or read would hang here.
        let fifoError = #expect(throws: APNsError.self) { try SecureFile.read(fifo, limit: SecureFile.credentialLimit) }
        #expect(fifoError?.message == "\(fifo): is a named pipe (FIFO), not a file")
        #expect(fifoError?.hint.isEmpty == false)
        let device = #expect(throws: APNsError.self) { try SecureFile.read("/dev/zero", limit: SecureFile.credentialLimit) }
        #expect(device?.message == "/dev/zero: is a device, not a file")
        let big = directory + "/sparse.p12"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(SecureFile.credentialLimit + 1)) == 0)
        let bigError = #expect(throws: APNsError.self) { try SecureFile.read(big, limit: SecureFile.credentialLimit) }
        #expect(bigError?.message == "\(big): too large to be a credential (16777217 bytes; limit 16777216)")
        #expect(truncate(big, off_t(SecureFile.credentialLimit)) == 0)
        #expect(try SecureFile.read(big, limit: SecureFile.credentialLimit).count == SecureFile.credentialLimit)
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

    /// Issue 19: output names of 243 to 255 bytes failed, because the temporary name is longer.
    @Test(arguments: [244, 250, 255])
    func namesUpToNameMaxCanBeWritten(length: Int) throws {
        let name = String(repeating: "n", count: length - 4) + ".pem"
        let path = directory + "/" + name
        try SecureFile.write(Array("x".utf8), to: path)
        #expect(try SecureFile.read(path) == Array("x".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).contains(name))
        let template = SecureFile.temporaryName(for: name)
        #expect(template.utf8.count <= 255 && template.hasPrefix(".nnn") && template.hasSuffix(".tmp-XXXXXX"))
        // Multi-byte names are cut at a character boundary.
        let accented = SecureFile.temporaryName(for: String(repeating: "é", count: 127))
        #expect(accented.utf8.count <= 255 && accented.hasSuffix(".tmp-XXXXXX"))
    }
}
