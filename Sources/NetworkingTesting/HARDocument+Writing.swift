import Foundation

extension HARDocument {
    /// The program named as the creator of the files written here.
    static let creator = Creator(name: "Networking", version: "1.0")

    /// The archive of `exchanges`, ordered by start (stably, so exchanges that started together
    /// keep their order), with the values of `redactedHeaders` hidden and bodies kept only when
    /// `includesBodies`.
    init(_ exchanges: [HARExchange], redactedHeaders: Set<String>, includesBodies: Bool) {
        let redaction = SecretRedaction(redactedHeaders)
        let ordered = exchanges.enumerated().sorted { lhs, rhs in
            lhs.element.started != rhs.element.started
                ? lhs.element.started < rhs.element.started : lhs.offset < rhs.offset
        }
        self.init(
            log: Log(
                version: "1.2", creator: Self.creator,
                entries: ordered.map { Entry($0.element, redaction: redaction, includesBodies: includesBodies) }))
    }

    /// The file's bytes: JSON, pretty-printed with sorted keys, ending with a line break.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Writes the file at `url`, replacing any file there: readable by its owner only (0600), and
    /// complete or not there at all (written beside it under a temporary name, then renamed).
    func write(to url: URL) throws {
        try FixtureFiles.writePrivately(encoded(), to: url)
    }
}
