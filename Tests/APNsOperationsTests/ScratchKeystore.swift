import APNsKeystore
import Foundation
import TestSupport

/// A fresh directory keystore in its own temporary directory.
func scratchKeystore(_ label: String) throws -> Keystore {
    try Keystore.create(at: TestPaths.temporaryDirectory(label).appendingPathComponent("keystore").path,
                        lockTimeout: 2)
}
