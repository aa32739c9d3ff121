import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the mock's generated CA certificate goes, so that clients can trust it: the file asked for, else
/// `ca.pem` in a new directory under the temporary directory.
public enum MockCertificateAuthorityFile {
    /// Writes `pem` (0644, atomically, ending in a newline so that `cat a.pem b.pem` is a valid bundle) to `path`,
    /// or to a new temporary directory when `path` is nil; an existing `path` is replaced only with `overwrite`.
    /// Returns the path written.
    public static func write(_ pem: String, to path: String?, overwrite: Bool) throws -> String {
        let file: String
        if let path {
            file = path
        } else {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("apnsctl-mock-\(UUID().uuidString.prefix(8))").path
            try SecureFile.ensureDirectory(directory)
            file = directory + "/ca.pem"
        }
        let text = pem.hasSuffix("\n") ? pem : pem + "\n"
        try SecureFile.write(Array(text.utf8), to: file, mode: 0o644, overwrite: overwrite)
        return file
    }
}
