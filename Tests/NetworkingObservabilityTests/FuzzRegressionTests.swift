import Foundation
import NetworkingObservability
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Inputs found by the fuzz targets (`make fuzz`, Tests/Fuzz), kept as regressions. Each test
/// names the committed input under Tests/Fuzz/Corpus/ that the fuzz run replays too.
final class FuzzRegressionTests: XCTestCase {
    /// Headers/regression-quote-before-combining-mark: a `'` followed by a combining mark is one
    /// `Character`, and Foundation's `replacingOccurrences` on Linux left it unescaped, so a header
    /// value (or body) could close the shell word of `cURLDescription()` and run a command when
    /// the rendering is pasted into a shell.
    func testCURLQuotingEscapesAQuoteBeforeACombiningMark() throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.example.com/x")))
        let value = "x'\u{05A8}; touch /tmp/pwned; echo '"
        request.setValue(value, forHTTPHeaderField: "X-Note")
        request.httpBody = Data(value.utf8)
        let rendered = request.cURLDescription()
        let escaped = "x'\\''\u{05A8}; touch /tmp/pwned; echo '\\'''"
        XCTAssertTrue(rendered.contains("-H 'X-Note: \(escaped)"), rendered)
        XCTAssertTrue(rendered.contains("--data-binary '\(escaped)"), rendered)
        XCTAssertEqual(rendered.utf8.filter { $0 == UInt8(ascii: "'") }.count % 2, 0, "quotes balance")
    }
}
