import Foundation
import NetworkingInterceptors
import XCTest

final class FileTokenStorageTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var fileURL: URL { directory.appendingPathComponent("nested/token.json") }

    private func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue
    }

    func testAMissingFileMeansNoToken() async throws {
        let token = try FileTokenStorage(fileURL: fileURL).loadToken()
        XCTAssertNil(token)
    }

    func testRoundTripWithEveryField() throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        let token = Token(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_781_000_000))
        try storage.saveToken(token)
        XCTAssertEqual(try storage.loadToken(), token)
        XCTAssertEqual(try FileTokenStorage(fileURL: fileURL).loadToken(), token, "a new instance reads it back")
    }

    func testTheFileIsOwnerOnlyAndItsNewDirectoryToo() throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try storage.saveToken(Token(accessToken: "secret"))
        XCTAssertEqual(try permissions(fileURL), 0o600)
        XCTAssertEqual(try permissions(fileURL.deletingLastPathComponent()), 0o700)
        try storage.saveToken(Token(accessToken: "secret-2"))
        XCTAssertEqual(try permissions(fileURL), 0o600)
    }

    func testAReplacedFileThatWasTooOpenBecomesOwnerOnly() throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try storage.saveToken(Token(accessToken: "one"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fileURL.path)
        try storage.saveToken(Token(accessToken: "two"))
        XCTAssertEqual(try permissions(fileURL), 0o600)
    }

    func testWritesLeaveNoTemporaryFilesBehind() throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        for index in 0..<5 { try storage.saveToken(Token(accessToken: "token-\(index)")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: fileURL.deletingLastPathComponent().path)
        XCTAssertEqual(names, ["token.json"])
        XCTAssertEqual(try storage.loadToken()?.accessToken, "token-4")
    }

    func testConcurrentWritersAlwaysLeaveAWholeToken() async throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try storage.saveToken(Token(accessToken: "start"))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { try? storage.saveToken(Token(accessToken: String(repeating: "x", count: index * 100))) }
                group.addTask { _ = try? storage.loadToken() }
            }
        }
        let token = try XCTUnwrap(try storage.loadToken())
        XCTAssertTrue(token.accessToken.allSatisfy { $0 == "x" })
        XCTAssertEqual(token.accessToken.count % 100, 0)
    }

    func testACorruptFileThrowsATypedErrorAndIsKept() throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try storage.saveToken(Token(accessToken: "a"))
        for garbage in ["{\"accessTok", "", "[1,2]", "{\"refreshToken\":\"r\"}"] {
            try Data(garbage.utf8).write(to: fileURL)
            XCTAssertThrowsError(try storage.loadToken(), garbage) { error in
                guard case .corrupted(let location, _)? = error as? TokenStorageError else {
                    return XCTFail("expected .corrupted, got \(error)")
                }
                XCTAssertEqual(location, fileURL.path)
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: fileURL.path), "a corrupt file is not deleted")
        }
    }

    func testRemoveDeletesTheFileAndRemovingNothingSucceeds() throws {
        let storage = FileTokenStorage(fileURL: fileURL)
        try storage.removeToken()
        try storage.saveToken(Token(accessToken: "a"))
        try storage.removeToken()
        XCTAssertFalse(FileManager.default.fileExists(atPath: fileURL.path))
        XCTAssertNil(try storage.loadToken())
    }

    func testAnUnreadableLocationThrowsAFileSystemError() throws {
        // The "file" is a directory: opening it for reading works, reading it fails with EISDIR.
        try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: true)
        XCTAssertThrowsError(try FileTokenStorage(fileURL: fileURL).loadToken()) { error in
            guard case .fileSystem(_, _, let code)? = error as? TokenStorageError else {
                return XCTFail("expected .fileSystem, got \(error)")
            }
            XCTAssertEqual(code, EISDIR)
        }
        XCTAssertThrowsError(try FileTokenStorage(fileURL: fileURL).saveToken(Token(accessToken: "a")))
    }
}
