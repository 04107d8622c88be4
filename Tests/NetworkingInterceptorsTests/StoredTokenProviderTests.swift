import Foundation
import NetworkingInterceptors
import Synchronization
import XCTest

final class StoredTokenProviderTests: XCTestCase {
    func testSignInReadAndSignOut() async throws {
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        let signedIn = try await provider.hasToken()
        XCTAssertFalse(signedIn)
        try await provider.setToken(Token(accessToken: "a"))
        let token = try await provider.token()
        XCTAssertEqual(token, Token(accessToken: "a"))
        let hasToken = try await provider.hasToken()
        XCTAssertTrue(hasToken)
        try await provider.clear()
        let cleared = try await provider.token()
        XCTAssertNil(cleared)
    }

    func testTheTokenIsReadFromStorageOnceThenCached() async throws {
        let storage = CountingStorage(token: Token(accessToken: "a"))
        let provider = StoredTokenProvider(storage: storage)
        for _ in 0..<5 { _ = try await provider.token() }
        XCTAssertEqual(storage.loads, 1)
    }

    func testItPersistsThroughItsStorage() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try await StoredTokenProvider(storage: FileTokenStorage(fileURL: file)).setToken(Token(accessToken: "kept"))
        let relaunched = StoredTokenProvider(storage: FileTokenStorage(fileURL: file))
        let token = try await relaunched.token()
        XCTAssertEqual(token?.accessToken, "kept")
    }

    func testACorruptStoreThrowsInsteadOfReadingAsSignedOut() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("not json".utf8).write(to: file)
        let provider = StoredTokenProvider(storage: FileTokenStorage(fileURL: file))
        do {
            _ = try await provider.hasToken()
            XCTFail("hasToken() must throw on a corrupt store")
        } catch {
            guard case .corrupted? = error as? TokenStorageError else { return XCTFail("got \(error)") }
        }
        // Signing in again repairs it.
        try await provider.setToken(Token(accessToken: "fresh"))
        let token = try await provider.token()
        XCTAssertEqual(token?.accessToken, "fresh")
    }

    func testAWriteDuringASlowReadWins() async throws {
        let storage = CountingStorage(token: Token(accessToken: "old"), holdLoads: true)
        let provider = StoredTokenProvider(storage: storage)
        async let read = provider.token()
        await storage.loadStarted.wait()
        try await provider.setToken(Token(accessToken: "new"))
        storage.releaseLoads.open()
        _ = try await read
        let token = try await provider.token()
        XCTAssertEqual(token?.accessToken, "new", "the slow read must not put the old token back in the cache")
    }

    func testATokenPrintsWithoutItsSecrets() {
        let token = Token(accessToken: "access-secret", refreshToken: "refresh-secret")
        for text in ["\(token)", String(reflecting: token), "\([token])"] {
            XCTAssertFalse(text.contains("secret"), text)
        }
    }

    func testTokenExpiry() {
        let now = Date(timeIntervalSince1970: 1_000)
        XCTAssertFalse(Token(accessToken: "a").isExpired(at: now))
        let token = Token(accessToken: "a", expiresIn: 60, now: now)
        XCTAssertEqual(token.expiresAt, Date(timeIntervalSince1970: 1_060))
        XCTAssertFalse(token.isExpired(at: now))
        XCTAssertTrue(token.isExpired(at: now, leeway: 60))
        XCTAssertTrue(token.isExpired(at: Date(timeIntervalSince1970: 1_060)))
    }
}

/// An in-memory storage that counts loads and can hold them until released.
private final class CountingStorage: TokenStorage {
    private let stored: Mutex<Token?>
    private let loadCount = Mutex(0)
    private let holdLoads: Bool
    let loadStarted = Gate()
    let releaseLoads = Gate()

    init(token: Token?, holdLoads: Bool = false) {
        self.stored = Mutex(token)
        self.holdLoads = holdLoads
    }

    var loads: Int { loadCount.withLock { $0 } }

    func loadToken() async throws -> Token? {
        loadCount.withLock { $0 += 1 }
        let token = stored.withLock { $0 }
        if holdLoads {
            loadStarted.open()
            await releaseLoads.wait()
        }
        return token
    }

    func saveToken(_ token: Token) async throws { stored.withLock { $0 = token } }

    func removeToken() async throws { stored.withLock { $0 = nil } }
}
