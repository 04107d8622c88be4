import Foundation
import NetworkingCore
import XCTest

/// The `traceparent` and `tracestate` fields of W3C Trace Context Level 1 as `TraceContext` reads
/// and writes them (the examples are the specification's).
final class TraceContextTests: XCTestCase {
    private let example = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    func testTheSpecificationsExampleIsReadAndWrittenBack() throws {
        let context = try XCTUnwrap(TraceContext(traceparent: example, tracestate: "rojo=00f067aa0ba902b7"))
        XCTAssertEqual(context.traceID.description, "4bf92f3577b34da6a3ce929d0e0e4736")
        XCTAssertEqual(context.spanID.description, "00f067aa0ba902b7")
        XCTAssertTrue(context.isSampled)
        XCTAssertEqual(context.traceState, "rojo=00f067aa0ba902b7")
        XCTAssertEqual(context.traceparent, example)
    }

    func testTheFlagsSayWhetherTheTraceIsSampled() throws {
        let unsampled = try XCTUnwrap(TraceContext(traceparent: String(example.dropLast(2)) + "00"))
        XCTAssertFalse(unsampled.isSampled)
        XCTAssertTrue(unsampled.traceparent.hasSuffix("-00"))
        // Flags other than "sampled" are not passed on: this library writes Level 1 flags.
        let other = try XCTUnwrap(TraceContext(traceparent: String(example.dropLast(2)) + "03"))
        XCTAssertTrue(other.isSampled)
        XCTAssertTrue(other.traceparent.hasSuffix("-01"))
    }

    func testInvalidFieldsAreRejected() {
        let invalid = [
            "",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01",  // uppercase
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // all-zero trace id
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // all-zero parent id
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // the version that is never valid
            example + "-extra",  // version 00 has exactly four fields
            example + "0",
            "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",  // a digit short
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g",
            "0x-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x",  // a later version's extra field needs a dash
        ]
        for field in invalid {
            XCTAssertNil(TraceContext(traceparent: field), field)
        }
    }

    func testALaterVersionIsReadAsVersion00() throws {
        let context = try XCTUnwrap(TraceContext(traceparent: "cc" + example.dropFirst(2) + "-what-the-future-holds"))
        XCTAssertEqual(context.traceparent, example)
        XCTAssertNotNil(TraceContext(traceparent: "01" + example.dropFirst(2)))
    }

    func testSurroundingSpacesAndTabsAreIgnored() {
        XCTAssertEqual(TraceContext(traceparent: " \t" + example + " ")?.traceparent, example)
    }

    func testIDsAreLowercaseHexadecimalAndNeverZero() {
        XCTAssertEqual(
            TraceContext.TraceID("4bf92f3577b34da6a3ce929d0e0e4736")?.description, "4bf92f3577b34da6a3ce929d0e0e4736")
        XCTAssertEqual(TraceContext.SpanID("00f067aa0ba902b7")?.description, "00f067aa0ba902b7")
        XCTAssertEqual(TraceContext.SpanID("0000000000000001")?.description, "0000000000000001")
        for text in ["", "00f067aa0ba902b", "00F067AA0BA902B7", "0000000000000000", "00f067aa0ba902b70"] {
            XCTAssertNil(TraceContext.SpanID(text), text)
        }
        XCTAssertNil(TraceContext.TraceID(String(repeating: "0", count: 32)))
        XCTAssertNil(TraceContext.TraceID("4bf92f3577b34da6"))
    }

    func testTraceStateIsPassedOnUnchangedUpTo32Members() {
        let spaced = "rojo=00f067aa0ba902b7, congo=t61rcWkgMzE,,"
        XCTAssertEqual(context(traceState: spaced).traceState, spaced, "unchanged, spaces and empty members too")
        let members = (1...33).map { "k\($0)=v" }
        XCTAssertEqual(
            context(traceState: members.prefix(32).joined(separator: ",")).traceState,
            members.prefix(32).joined(separator: ","))
        XCTAssertEqual(
            context(traceState: members.joined(separator: ",")).traceState, members.prefix(32).joined(separator: ","),
            "the members after the 32nd are dropped")
    }

    func testATraceStateThatCouldEndTheFieldOrIsEmptyIsDropped() {
        for value in ["", " ", " , ,", "a=b\r\nX-Injected: yes", "a=b\u{0}", "clé=valeur"] {
            XCTAssertNil(context(traceState: value).traceState, value.debugDescription)
        }
        XCTAssertNil(TraceContext(traceparent: example, tracestate: "a=1\nb=2")?.traceState)
    }

    func testTheTaskLocalContextIsBoundForItsScopeOnly() async {
        XCTAssertNil(TraceContext.current)
        let context = context(traceState: nil)
        await TraceContext.$current.withValue(context) {
            XCTAssertEqual(TraceContext.current, context)
            await Task { XCTAssertEqual(TraceContext.current, context, "a child task inherits it") }.value
        }
        XCTAssertNil(TraceContext.current)
    }

    private func context(traceState: String?) -> TraceContext {
        TraceContext(
            traceID: TraceContext.TraceID("4bf92f3577b34da6a3ce929d0e0e4736")!,
            spanID: TraceContext.SpanID("00f067aa0ba902b7")!, traceState: traceState)
    }
}
