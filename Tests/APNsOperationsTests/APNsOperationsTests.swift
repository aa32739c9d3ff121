import Testing
@testable import APNsOperations
