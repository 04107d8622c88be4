import Foundation
import Synchronization
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `FileCookieJar`: cookies survive a new jar on the same file, the file is 0600 and replaced
/// atomically, expired cookies are dropped on load, a corrupt file is an empty jar and a
/// warning; and `HTTPCookieStorageJar` over Foundation's storage.
final class FileCookieJarTests: XCTestCase {
    private var directory: URL!
    private let url = URL(string: "http://example.com/")!

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private var file: URL { directory.appendingPathComponent("nested/cookies.json") }

    private final class Warnings: Sendable {
        private let list = Mutex<[String]>([])
        var all: [String] { list.withLock { $0 } }
        func add(_ warning: String) { list.withLock { $0.append(warning) } }
    }

    func testPersistentCookiesSurviveANewJarAndSessionCookiesDoNot() throws {
        let jar = FileCookieJar(fileURL: file)
        jar.store(
            ["kept=1; Max-Age=3600", "session=2", "dated=3; Expires=Fri, 01 Jan 2100 00:00:00 GMT"], receivedFrom: url)
        jar.flush()
        let reloaded = FileCookieJar(fileURL: file)
        XCTAssertEqual(reloaded.cookieHeader(for: url), "kept=1; dated=3")
        XCTAssertEqual(jar.cookieHeader(for: url), "kept=1; session=2; dated=3", "the first jar still has its session")
    }

    func testSessionCookiesAreKeptWhenAsked() throws {
        let jar = FileCookieJar(fileURL: file, keepsSessionCookies: true)
        jar.store(["session=2"], receivedFrom: url)
        jar.flush()
        XCTAssertEqual(FileCookieJar(fileURL: file).cookieHeader(for: url), "session=2")
    }

    func testTheFileIsPrivateAndReplacedAtomically() throws {
        let jar = FileCookieJar(fileURL: file)
        jar.store(["a=1; Max-Age=60"], receivedFrom: url)
        jar.flush()
        let first = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((first[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        jar.store(["b=2; Max-Age=60"], receivedFrom: url)
        jar.flush()
        let second = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((second[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertNotEqual(
            (first[.systemFileNumber] as? NSNumber)?.intValue, (second[.systemFileNumber] as? NSNumber)?.intValue,
            "a new file renamed over the old one, not rewritten in place")
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        XCTAssertEqual(names, ["cookies.json"], "no temporary file is left behind")
    }

    func testWritesAreDeferredAndCoalesced() throws {
        let jar = FileCookieJar(fileURL: file, writeDelay: .seconds(30))
        for index in 0..<100 { jar.store(["c\(index)=v; Max-Age=60"], receivedFrom: url) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "nothing written on the caller's thread")
        jar.flush()
        XCTAssertEqual(FileCookieJar(fileURL: file).allCookies.count, 50, "all of them, within the per-domain limit")
    }

    func testExpiredCookiesAreDroppedOnLoad() throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let now = Date().timeIntervalSince1970
        let json = """
            {"version": 1, "cookies": [
              {"name": "old", "value": "1", "domain": "example.com", "path": "/", "isHostOnly": true, "isSecure": false,
               "isHTTPOnly": false, "sameSite": "default", "expiresAt": \(now - 10), "createdAt": \(now - 100),
               "lastAccessedAt": \(now - 100)},
              {"name": "live", "value": "2", "domain": "example.com", "path": "/", "isHostOnly": true, "isSecure": false,
               "isHTTPOnly": true, "sameSite": "lax", "expiresAt": \(now + 1000), "createdAt": \(now - 100),
               "lastAccessedAt": \(now - 100)}
            ]}
            """
        try Data(json.utf8).write(to: file)
        let jar = FileCookieJar(fileURL: file)
        XCTAssertEqual(jar.allCookies.map(\.name), ["live"])
        XCTAssertEqual(jar.allCookies.first?.sameSite, .lax)
    }

    func testACorruptFileIsAnEmptyJarAndAWarning() throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        for garbage in [
            Data("{not json".utf8), Data([0xFF, 0x00, 0x13]), Data("{\"version\": 7, \"cookies\": []}".utf8),
        ] {
            try garbage.write(to: file)
            let warnings = Warnings()
            let jar = FileCookieJar(fileURL: file, onWarning: { warnings.add($0) })
            XCTAssertEqual(jar.allCookies.count, 0)
            XCTAssertEqual(warnings.all.count, 1)
            XCTAssertTrue(warnings.all.first?.contains("is not a cookie jar") == true, "\(warnings.all)")
            jar.store(["fresh=1; Max-Age=60"], receivedFrom: url)
            jar.flush()
            XCTAssertEqual(FileCookieJar(fileURL: file).cookieHeader(for: url), "fresh=1", "replaced by a good file")
        }
    }

    func testAMissingFileIsAnEmptyJarWithoutAWarning() {
        let warnings = Warnings()
        let jar = FileCookieJar(fileURL: file, onWarning: { warnings.add($0) })
        XCTAssertNil(jar.cookieHeader(for: url))
        XCTAssertEqual(warnings.all, [])
    }

    func testAnUnwritableFileIsAWarningNotACrash() throws {
        // A directory where the file should be.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let warnings = Warnings()
        let jar = FileCookieJar(fileURL: file, onWarning: { warnings.add($0) })
        jar.store(["a=1; Max-Age=60"], receivedFrom: url)
        jar.flush()
        XCTAssertEqual(jar.cookieHeader(for: url), "a=1", "still in memory")
        XCTAssertFalse(warnings.all.isEmpty)
    }

    func testRemoveAllEmptiesTheFile() {
        let jar = FileCookieJar(fileURL: file)
        jar.store(["a=1; Max-Age=60"], receivedFrom: url)
        jar.flush()
        jar.removeAll()
        jar.flush()
        XCTAssertEqual(FileCookieJar(fileURL: file).allCookies.count, 0)
    }

    func testHTTPCookieStorageJarStoresSendsAndRemoves() throws {
        let storage = try XCTUnwrap(URLSessionConfiguration.ephemeral.httpCookieStorage)
        storage.cookieAcceptPolicy = .always
        let jar = HTTPCookieStorageJar(storage)
        jar.store(["a=1; Path=/", "b=2; Expires=Fri, 01 Jan 2100 00:00:00 GMT; Path=/"], receivedFrom: url)
        let header = try XCTUnwrap(jar.cookieHeader(for: url))
        XCTAssertEqual(Set(header.components(separatedBy: "; ")), ["a=1", "b=2"])
        XCTAssertEqual(storage.cookies?.count, 2, "kept in the storage itself")
        jar.removeAll()
        XCTAssertNil(jar.cookieHeader(for: url))
    }
}
