import Foundation
import NetworkingObservability
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class CURLDescriptionTests: XCTestCase {
    private func request(_ method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) -> URLRequest {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:8080/anything?q=it's%20here")!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The arguments a shell passes for `command` (with `curl` swapped for a printer).
    private func shellArguments(_ command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let printer = "printarg() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }; "
        process.arguments = ["-c", printer + "printarg" + command.dropFirst("curl".count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        // A body's `<(printf …)` is never read by the printer, so its `printf` fails with EPIPE
        // once the printer exits; that message says nothing about the arguments.
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func testRendersMethodHeadersBodyAndURL() {
        let request = request(
            "POST", body: Data(#"{"name":"Elvis"}"#.utf8), headers: ["Content-Type": "application/json"])
        XCTAssertEqual(
            request.cURLDescription(),
            """
            curl \\
              -X POST \\
              -H 'Content-Type: application/json' \\
              --data-binary '{"name":"Elvis"}' \\
              'http://127.0.0.1:8080/anything?q=it'\\''s%20here'
            """)
    }

    func testRedactsTheSensitiveFieldsCaseInsensitively() {
        let request = request(headers: ["authorization": "Bearer SECRET", "X-Api-Key": "KEY", "Cookie": "a=SECRET"])
        let redacted = request.cURLDescription(redacting: ["Authorization", "x-api-key", "Cookie"])
        XCTAssertFalse(redacted.contains("SECRET") || redacted.contains("KEY"), redacted)
        XCTAssertTrue(redacted.contains("-H 'X-Api-Key: <redacted>'"), redacted)
        let shown = request.cURLDescription(redacting: [])
        XCTAssertTrue(shown.contains("-H 'Authorization: Bearer SECRET'"), shown)
    }

    /// The default argument spells out the fields a client hides by default, one by one.
    func testHidesTheDefaultSensitiveFieldsByDefault() {
        let fields = HeaderRedaction.defaultHeaderFields
        let request = request(headers: Dictionary(uniqueKeysWithValues: fields.map { ($0, "SECRET-\($0)") }))
        let command = request.cURLDescription()
        XCTAssertFalse(command.contains("SECRET"), command)
        XCTAssertEqual(command, request.cURLDescription(redacting: fields))
        XCTAssertEqual(LogSettings().redactedHeaderFields, fields)
    }

    func testShellParsesItIntoTheExactArguments() throws {
        let body = Data(#"it's "quoted" \ $HOME `x`"#.utf8)
        let arguments = try shellArguments(request("PUT", body: body, headers: ["X-Note": "a 'b' c"]).cURLDescription())
        XCTAssertEqual(
            arguments,
            [
                "-X", "PUT", "-H", "X-Note: a 'b' c", "--data-binary", String(decoding: body, as: UTF8.self),
                "http://127.0.0.1:8080/anything?q=it's%20here",
            ])
    }

    func testBinaryBodySurvivesByteForByte() throws {
        let body = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x25, 0x27, 0x5C, 0xFF, 0x0A])
        let command = request("POST", body: body).cURLDescription()
        XCTAssertTrue(command.contains("--data-binary @<(printf '"), command)
        // What curl would read from the process substitution.
        let arguments = try shellArguments(command)
        let index = try XCTUnwrap(arguments.firstIndex(of: "--data-binary"))
        let path = String(arguments[index + 1].dropFirst())
        XCTAssertTrue(path.hasPrefix("/dev/fd/"), path)
        let format = try XCTUnwrap(command.range(of: #"printf '[^']*'"#, options: .regularExpression))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", String(command[format])]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(output, body)
    }

    func testFileBodyIsReadFromTheFile() {
        let command = request("POST").cURLDescription(bodyFile: URL(fileURLWithPath: "/tmp/upload.bin"))
        XCTAssertTrue(command.contains("--data-binary '@/tmp/upload.bin'"), command)
        XCTAssertFalse(command.contains("X-Networking"), command)
    }
}
