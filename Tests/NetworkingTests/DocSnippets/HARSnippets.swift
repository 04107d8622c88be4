// The code block of the section "HAR files" of the DocC article "Testing your code"
// (Sources/Networking/Networking.docc), compiled here; it is never run.
import Foundation
import Networking
import NetworkingTesting

private enum HARSnippets {
    typealias User = DocModels.User

    // Testing your code, "HAR files".
    static func harFiles(networking: Networking, testFolder: URL) async throws {
        // Export what a client did, to open in a browser's network panel or a proxy:
        let har = HARCollector()
        await networking.addObserver(har)
        let users: Result<[User], NetworkingError> = await networking.get("/users")
        try har.write(to: URL(fileURLWithPath: "session.har"))

        // Replay a HAR file (one saved from a browser, say) in a test, offline:
        let replay = try ReplayingTransport(harFile: testFolder.appendingPathComponent("Fixtures/session.har"))
        let offline = Networking(baseURL: "https://api.example.com", transport: replay)
        let replayed: Result<[User], NetworkingError> = await offline.get("/users")
        _ = (users, replayed)
    }
}
