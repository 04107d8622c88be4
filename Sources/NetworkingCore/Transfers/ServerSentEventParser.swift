import Foundation

/// Parses a `text/event-stream` incrementally, as the WHATWG HTML standard (§9.2.6, "Interpreting
/// an event stream") describes it. Pure: feed it bytes, get events.
///
/// - Lines end at CRLF, LF or CR, also when the pair is split across chunks; a leading UTF-8 BOM
///   is skipped; the text is decoded as UTF-8 with invalid bytes replaced.
/// - `field: value` (one space after the colon removed; a line without a colon is a field with an
///   empty value); lines starting with `:` are comments.
/// - `data` lines are joined with LF; `event` sets the type; `id` sets the last event ID unless
///   its value contains NUL; `retry` sets the reconnection time when its value is ASCII digits
///   only; unknown fields are ignored.
/// - A blank line dispatches the event; a block without `data` dispatches nothing. An event cut
///   off by the end of the stream is discarded.
package struct ServerSentEventParser: Sendable {
    /// The largest event (the bytes of its data) accepted by default: 8 MiB.
    package static let defaultMaxEventSize = ServerSentEventStream.defaultMaxEventSize

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The last event ID seen (`""` when none), the value a reconnection sends as `Last-Event-ID`.
    package private(set) var lastEventID = ""
    /// The reconnection time in milliseconds the stream asked for, if any.
    package private(set) var reconnectionTime: Int?
    /// The largest event accepted, in bytes of data.
    package let maxEventSize: Int

    private var splitter: LineSplitter
    private var streamStart: [UInt8]? = []
    private var eventType = ""
    private var data = ""
    private var dataSize = 0
    private var hasData = false
    private var blockRetry: Int?

    /// Creates a parser. An event whose data exceeds `maxEventSize` bytes throws
    /// `.transport(URLError(.dataLengthExceedsMaximum))`.
    package init(lastEventID: String = "", maxEventSize: Int = ServerSentEventParser.defaultMaxEventSize) {
        self.lastEventID = lastEventID
        self.maxEventSize = maxEventSize
        self.splitter = LineSplitter(maxLineLength: maxEventSize)
    }

    /// Parses the next chunk of the stream and returns the events it completed.
    package mutating func parse(_ chunk: Data) throws(NetworkingError) -> [ServerSentEvent] {
        var chunk = chunk
        if var start = streamStart {
            // Skip a BOM at the very start, even when it arrives split across chunks.
            while !chunk.isEmpty, start.count < Self.bom.count {
                start.append(chunk.removeFirst())
                guard start == Array(Self.bom.prefix(start.count)) else { break }
            }
            if start == Self.bom {
                streamStart = nil
            } else if start.count < Self.bom.count, start == Array(Self.bom.prefix(start.count)) {
                streamStart = start
                return []
            } else {
                streamStart = nil
                chunk = Data(start) + chunk
            }
        }
        var events: [ServerSentEvent] = []
        for line in try splitter.split(chunk) {
            if let event = try process(line) { events.append(event) }
        }
        return events
    }

    /// Parses a whole stream (for tests and fixtures): the events of `text`.
    package static func events(in text: String) throws(NetworkingError) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return try parser.parse(Data(text.utf8))
    }

    /// Starts a new connection's stream: the partial line, the pending event and the BOM check
    /// are reset; the last event ID and the reconnection time are kept.
    package mutating func reset() {
        splitter = LineSplitter(maxLineLength: maxEventSize)
        streamStart = []
        eventType = ""
        data = ""
        dataSize = 0
        hasData = false
        blockRetry = nil
    }

    private mutating func process(_ line: [UInt8]) throws(NetworkingError) -> ServerSentEvent? {
        guard !line.isEmpty else { return dispatch() }
        if line[0] == UInt8(ascii: ":") { return nil }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            dataSize += value.count + 1
            guard dataSize <= maxEventSize else { throw .bodyTooLarge(limit: maxEventSize) }
            data += String(decoding: value, as: UTF8.self)
            data += "\n"
            hasData = true
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                reconnectionTime = milliseconds
                blockRetry = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            data = ""
            dataSize = 0
            hasData = false
            blockRetry = nil
        }
        guard hasData else { return nil }
        var text = data
        if text.hasSuffix("\n") { text.removeLast() }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: text,
            id: lastEventID.isEmpty ? nil : lastEventID, retry: blockRetry)
    }
}
