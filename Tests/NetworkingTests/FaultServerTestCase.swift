import XCTest

/// A test case with a fault server of its own (Tests/Harness/fault_server.py), started before each
/// test and stopped after it.
class FaultServerTestCase: XCTestCase {
    /// The test's server; `nil` only before `setUp` and after `tearDown`.
    var server: FaultServer?

    override func setUp() async throws {
        try await super.setUp()
        server = try FaultServer()
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }
}
