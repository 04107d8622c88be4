import Foundation

extension ReplayingTransport {
    /// Loads the HAR 1.2 file at `harFile` (from a browser's developer tools, a proxy such as
    /// mitmproxy or Charles, or `HARCollector`) and answers requests from its entries, offline.
    ///
    /// ```swift
    /// let replay = try ReplayingTransport(harFile: testFolder.appendingPathComponent("Fixtures/session.har"))
    /// let networking = Networking(baseURL: "https://api.example.com", transport: replay)
    /// ```
    ///
    /// Entries match requests as fixtures do (method, path, query in any order and normalised
    /// body; scheme, host, port and headers ignored), each serving one request in the file's
    /// order until the last match keeps answering. Bodies are decoded: `content.text` from base64
    /// when its `encoding` says so. An entry without a response (status 0) is skipped;
    /// `Content-Encoding` is dropped from the replayed fields, since the file keeps bodies
    /// decoded. A request nothing matches fails as with fixtures, naming the request and the
    /// nearest entry (`entry 3`, counted from 1 in the file).
    ///
    /// Throws a `FixtureError` naming the file and what is wrong with it: unreadable, not JSON, a
    /// field missing or of the wrong kind (by its path, `log.entries[2].response.status is
    /// missing`), a URL that is not absolute, a body that is not valid base64.
    public convenience init(harFile: URL) throws(FixtureError) {
        let document = try HARDocument.read(from: harFile)
        let fixtures: [(name: String, fixture: Fixture)]
        do {
            fixtures = try document.fixtures()
        } catch {
            throw FixtureError("the HAR file \(harFile.path) is not valid: \(error.reason)")
        }
        self.init(fixtures: fixtures, source: harFile, noFixtures: "the HAR file has no entries with a response")
    }
}
