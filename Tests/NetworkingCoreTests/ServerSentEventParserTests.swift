import Foundation
import NetworkingCore
import XCTest

final class ServerSentEventParserTests: XCTestCase {
    private func events(_ text: String) throws -> [ServerSentEvent] {
        try ServerSentEventParser.events(in: text)
    }

    /// Feeds `bytes` one chunk per element and collects the events.
    private func events(chunks: [[UInt8]], parser: inout ServerSentEventParser) throws -> [ServerSentEvent] {
        var result: [ServerSentEvent] = []
        for chunk in chunks { result += try parser.parse(Data(chunk)) }
        return result
    }

    func testDataWithAndWithoutSpaceAfterColon() throws {
        XCTAssertEqual(try events("data: a\n\ndata:b\n\ndata:  c\n\n").map(\.data), ["a", "b", " c"])
    }

    func testMultipleDataLinesJoinWithLineFeed() throws {
        let parsed = try events("data: first\ndata: second\ndata\ndata: fourth\n\n")
        XCTAssertEqual(parsed, [ServerSentEvent(data: "first\nsecond\n\nfourth")])
    }

    func testEventTypeDefaultsToMessageAndResetsAfterDispatch() throws {
        let parsed = try events("event: add\ndata: 1\n\ndata: 2\n\nevent:\ndata: 3\n\n")
        XCTAssertEqual(parsed.map(\.event), ["add", "message", "message"])
    }

    func testCommentsAreIgnored() throws {
        let parsed = try events(": keep-alive\n\n:another\ndata: x\n: inside a block\ndata: y\n\n")
        XCTAssertEqual(parsed, [ServerSentEvent(data: "x\ny")])
    }

    func testBlockWithoutDataDispatchesNothing() throws {
        XCTAssertEqual(try events("event: ping\n\nid: 5\n\n\n\n"), [])
    }

    func testFieldWithoutColonHasEmptyValue() throws {
        XCTAssertEqual(try events("data\n\n"), [ServerSentEvent(data: "")])
        XCTAssertEqual(try events("data\ndata\n\n"), [ServerSentEvent(data: "\n")])
    }

    func testUnknownFieldsAreIgnored() throws {
        XCTAssertEqual(try events("foo: bar\ndata: x\nDATA: y\nData: z\n\n"), [ServerSentEvent(data: "x")])
    }

    func testIDPersistsAcrossEventsAndEmptyIDResetsIt() throws {
        let parsed = try events("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\nid: 2\ndata: d\n\nid:\ndata: e\n\n")
        XCTAssertEqual(parsed.map(\.id), ["1", "1", nil, "2", nil])
    }

    func testIDContainingNULIsIgnored() throws {
        var parser = ServerSentEventParser()
        let parsed = try parser.parse(Data("id: 7\n\nid: a\u{0}b\ndata: x\n\n".utf8))
        XCTAssertEqual(parsed, [ServerSentEvent(data: "x", id: "7")])
        XCTAssertEqual(parser.lastEventID, "7")
    }

    func testIDWithoutDataUpdatesLastEventIDForReconnection() throws {
        var parser = ServerSentEventParser()
        XCTAssertEqual(try parser.parse(Data("id: 42\n\n".utf8)), [])
        XCTAssertEqual(parser.lastEventID, "42")
    }

    func testRetryAcceptsASCIIDigitsOnly() throws {
        var parser = ServerSentEventParser()
        let parsed = try parser.parse(
            Data("retry: 1500\ndata: a\n\nretry: 12x\ndata: b\n\nretry: -5\n\nretry: 1.5\n\n".utf8))
        XCTAssertEqual(parsed.map(\.retry), [1500, nil])
        XCTAssertEqual(parser.reconnectionTime, 1500)
        _ = try parser.parse(Data("retry:300\n\nretry: \n\nretry: ٣\n\n".utf8))
        XCTAssertEqual(parser.reconnectionTime, 300)
    }

    func testLineEndingsCRLFAndCRAndLF() throws {
        let parsed = try events("data: a\r\ndata: b\rdata: c\n\r\ndata: d\r\rdata: e\n\n")
        XCTAssertEqual(parsed.map(\.data), ["a\nb\nc", "d", "e"])
    }

    func testCRLFSplitAcrossChunksIsOneLineBreak() throws {
        var parser = ServerSentEventParser()
        let chunks: [[UInt8]] = [
            Array("data: a\r".utf8), Array("\ndata: b\r".utf8), Array("\n\r".utf8), Array("\n".utf8),
        ]
        XCTAssertEqual(try events(chunks: chunks, parser: &parser), [ServerSentEvent(data: "a\nb")])
    }

    func testEventSplitByteByByte() throws {
        var parser = ServerSentEventParser()
        let text = "event: e\nid: 9\ndata: hé\ndata: ✓\n\n"
        let parsed = try events(chunks: Array(text.utf8).map { [$0] }, parser: &parser)
        XCTAssertEqual(parsed, [ServerSentEvent(event: "e", data: "hé\n✓", id: "9")])
    }

    func testLeadingBOMIsSkippedOnceEvenWhenSplit() throws {
        var parser = ServerSentEventParser()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let parsed = try events(
            chunks: [[bom[0]], [bom[1]], [bom[2]] + Array("data: x\n\n".utf8), bom + Array("data: y\n\n".utf8)],
            parser: &parser)
        // The first BOM is skipped; a later one is part of a line whose field name is not "data".
        XCTAssertEqual(parsed, [ServerSentEvent(data: "x")])
    }

    func testTextStartingLikeABOMIsNotLost() throws {
        var parser = ServerSentEventParser()
        let chunks: [[UInt8]] = [[0xEF, 0xBB], Array("data: z\n\n".utf8)]
        let parsed = try events(chunks: chunks, parser: &parser)
        XCTAssertEqual(parsed.count, 0, "the bytes EF BB start the first line, whose field name is then unknown")
        XCTAssertEqual(try parser.parse(Data("data: after\n\n".utf8)), [ServerSentEvent(data: "after")])
    }

    func testIncompleteEventAtEndIsNotDispatched() throws {
        XCTAssertEqual(try events("data: complete\n\ndata: incomplete\n"), [ServerSentEvent(data: "complete")])
        XCTAssertEqual(try events("data: no line break at all"), [])
    }

    func testResetDropsPendingEventButKeepsIDAndRetry() throws {
        var parser = ServerSentEventParser()
        _ = try parser.parse(Data("retry: 50\nid: 3\ndata: a\n\ndata: half".utf8))
        parser.reset()
        XCTAssertEqual(try parser.parse(Data("\n\ndata: b\n\n".utf8)), [ServerSentEvent(data: "b", id: "3")])
        XCTAssertEqual(parser.lastEventID, "3")
        XCTAssertEqual(parser.reconnectionTime, 50)
    }

    func testInitialLastEventIDIsReported() throws {
        var parser = ServerSentEventParser(lastEventID: "41")
        XCTAssertEqual(try parser.parse(Data("data: x\n\n".utf8)), [ServerSentEvent(data: "x", id: "41")])
    }

    func testInvalidUTF8IsRepaired() throws {
        var parser = ServerSentEventParser()
        let parsed = try parser.parse(Data(Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8)))
        XCTAssertEqual(parsed.map(\.data), ["a\u{FFFD}b"])
    }

    func testOversizedEventThrowsDataLengthExceedsMaximum() {
        var parser = ServerSentEventParser(maxEventSize: 16)
        XCTAssertThrowsError(try parser.parse(Data("data: 0123456789\ndata: 0123456789\n\n".utf8))) { error in
            guard case .transport(let urlError) = error as? NetworkingError else {
                return XCTFail("expected a transport error, got \(error)")
            }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }
    }

    func testOverlongLineThrowsEvenWithoutDataField() {
        var parser = ServerSentEventParser(maxEventSize: 8)
        XCTAssertThrowsError(try parser.parse(Data(": a comment longer than eight bytes".utf8)))
    }
}
