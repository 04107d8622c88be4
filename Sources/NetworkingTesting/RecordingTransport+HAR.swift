import Foundation

extension RecordingTransport {
    /// Writes the exchanges this recorder has recorded (`recordedFiles`) as a HAR 1.2 file at
    /// `url`, replacing any file there, readable by its owner only (0600); the folder must exist.
    ///
    /// ```swift
    /// let recorder = RecordingTransport(wrapping: URLSessionTransport(), directory: fixtures)
    /// // … requests through a client using `recorder` …
    /// try recorder.writeHAR(to: fixtures.appendingPathComponent("session.har"))
    /// ```
    ///
    /// Each fixture becomes one entry, in the order they started: a redirect the client followed is an
    /// entry of its own (with its `redirectURL`), since a transport sends one hop at a time.
    /// Timings come from what the transport measured when it recorded them; a fixture without a
    /// timing (the transport measured nothing) starts when its file was written, with no phases.
    /// The fixtures are already redacted as the recorder was told; the values of
    /// `redactedHeaders` are hidden too, and bodies are written unless `includesBodies` is
    /// `false`. Throws `FixtureError` naming a fixture that cannot be read, or the error of the
    /// write.
    public func writeHAR(
        to url: URL, redactedHeaders: Set<String> = RecordingTransport.defaultRedactedHeaders,
        includesBodies: Bool = true
    ) throws {
        let decoder = JSONDecoder()
        var exchanges: [HARExchange] = []
        for file in recordedFiles {
            let fixture: Fixture
            let written: Date
            do {
                fixture = try decoder.decode(Fixture.self, from: Data(contentsOf: file))
                let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
                written = attributes[.modificationDate] as? Date ?? Date()
            } catch {
                throw FixtureError("the fixture \(file.path) cannot be read: \(error.localizedDescription)")
            }
            guard let exchange = HARExchange(fixture, written: written) else {
                throw FixtureError("the fixture \(file.path) has no valid URL: \(fixture.request.url)")
            }
            exchanges.append(exchange)
        }
        try HARDocument(exchanges, redactedHeaders: redactedHeaders, includesBodies: includesBodies).write(to: url)
    }
}
