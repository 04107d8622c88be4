import Foundation
import NetworkingObservability
import XCTest

final class LogFileLocationTests: XCTestCase {
    func testAbsolutePathIsUsedAsIs() {
        let url = LogFileLocation.url(from: ["NETWORKING_LOG_FILE": "/tmp/logs/networking.log", "HOME": "/home/u"])
        XCTAssertEqual(url?.path, "/tmp/logs/networking.log")
    }

    func testUnsetOrEmptyMeansNoFile() {
        XCTAssertNil(LogFileLocation.url(from: ["HOME": "/home/u"]))
        XCTAssertNil(LogFileLocation.url(from: ["NETWORKING_LOG_FILE": "", "HOME": "/home/u"]))
    }

    #if canImport(Darwin)
        func testBareNameResolvesUnderCaches() throws {
            let caches = try XCTUnwrap(FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
            let url = LogFileLocation.url(from: ["NETWORKING_LOG_FILE": "networking.log"])
            XCTAssertEqual(url?.path, caches.appendingPathComponent("networking.log").path)
        }
    #else
        func testBareNameResolvesUnderXDGCacheHome() {
            let url = LogFileLocation.url(
                from: ["NETWORKING_LOG_FILE": "networking.log", "XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/u"])
            XCTAssertEqual(url?.path, "/var/cache/me/networking.log")
        }

        func testBareNameFallsBackToDotCacheInHome() {
            let url = LogFileLocation.url(from: ["NETWORKING_LOG_FILE": "networking.log", "HOME": "/home/u"])
            XCTAssertEqual(url?.path, "/home/u/.cache/networking.log")
        }

        func testRelativeXDGCacheHomeIsIgnored() {
            let url = LogFileLocation.url(
                from: ["NETWORKING_LOG_FILE": "logs/net.log", "XDG_CACHE_HOME": "relative", "HOME": "/home/u"])
            XCTAssertEqual(url?.path, "/home/u/.cache/logs/net.log")
        }

        func testBareNameWithoutAnyCachesDirectoryMeansNoFile() {
            XCTAssertNil(LogFileLocation.url(from: ["NETWORKING_LOG_FILE": "networking.log"]))
        }
    #endif

    func testSettingsOpenTheFileNamedByTheEnvironment() throws {
        let url = temporaryFileURL()
        let settings = LogSettings(environment: ["NETWORKING_LOG_FILE": url.path])
        XCTAssertEqual(settings.logFile?.url.path, url.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        XCTAssertNil(LogSettings(environment: [:]).logFile)
    }
}
