import Foundation
import XCTest

@testable import NetworkingCore

/// `ISO8601Timestamp` gives the date Foundation's `Date.ISO8601FormatStyle()` parses, and nothing where the
/// form is not its own.
final class ISO8601TimestampTests: XCTestCase {
    private func fast(_ text: String) -> Date? {
        var text = text
        return text.withUTF8(ISO8601Timestamp.date)
    }

    private func foundation(_ text: String) -> Date? { try? Date.ISO8601FormatStyle().parse(text) }

    func testTheCommonFormIsReadAsFoundationReadsIt() {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<20_000 {
            let year = Int.random(in: 1583...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...31, using: &generator)
            let time = (0..<3).map { _ in Int.random(in: 0...59, using: &generator) }
            let zone = ["Z", "+00:00", "-00:00", "+05:30", "-09:45", "+14:00", "-12:00", "+01:07"]
                .randomElement(using: &generator)!
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d%@", year, month, day, time[0] % 24, time[1], time[2], zone)
            let expected = foundation(text)
            if let date = fast(text) {
                XCTAssertEqual(date, expected, text)
            } else {
                // Only a day the month does not have is left to Foundation in this form.
                XCTAssertGreaterThan(day, 28, text)
            }
        }
    }

    /// What the library's decoder read such a timestamp as before it was read here: Foundation's plain style,
    /// then its fractional one.
    private func foundationWithFraction(_ text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle()))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    private func fastWithFraction(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { ISO8601Timestamp.date($0, allowingFraction: true) }
    }

    func testFractionalSecondsAreReadAsFoundationReadsThemToTheLastBit() {
        var generator = SplitMix64(seed: 1970)
        for sample in 0..<20_000 {
            // Half of them near 2001, the reference date, where a `Date` is finest and rounding shows most.
            let year = Int.random(in: sample.isMultiple(of: 2) ? 1583...9999 : 2000...2001, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            let time = (0..<3).map { _ in Int.random(in: 0...59, using: &generator) }
            let digits = Int.random(in: 1...9, using: &generator)
            let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let zone = ["Z", "+00:00", "-00:00", "+05:30", "-09:45", "+14:00", "-12:00", "+01:07"]
                .randomElement(using: &generator)!
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%@%@", year, month, day, time[0] % 24, time[1], time[2],
                fraction, zone)
            let date = fastWithFraction(text)
            XCTAssertNotNil(date, text)
            XCTAssertEqual(
                date?.timeIntervalSinceReferenceDate.bitPattern,
                foundationWithFraction(text)?.timeIntervalSinceReferenceDate.bitPattern, text)
        }
        // Without a fraction, the same dates as the plain form.
        XCTAssertEqual(fastWithFraction("2026-06-14T20:09:58Z"), foundation("2026-06-14T20:09:58Z"))
        for text in ["2026-06-14T20:09:58.000Z", "2026-06-14T20:09:58.999999999-01:30", "2026-06-14T23:59:59.5+14:00"] {
            XCTAssertEqual(fastWithFraction(text), foundationWithFraction(text), text)
        }
        let left = [
            "2026-06-14T20:09:58.Z", "2026-06-14T20:09:58.1234567890Z", "2026-06-14T20:09:58.5",
            "2026-06-14T20:09:58,5Z",
            "2026-06-14T20:09:58.5+0200", "2026-06-14T20:09:58.5z", "2026-06-14T20:09:58.-5Z",
        ]
        for text in left { XCTAssertNil(fastWithFraction(text), text) }
        // The `.iso8601` strategy's reader takes no fraction.
        XCTAssertNil(fast("2026-06-14T20:09:58.5Z"))
    }

    func testEdgesAreReadOrLeftToFoundation() {
        let read = [
            "2024-02-29T00:00:00Z", "2000-02-29T12:00:00Z", "1583-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "1969-12-31T23:59:59Z", "1970-01-01T00:00:00+14:00", "2026-06-14T20:09:58Z",
        ]
        for text in read {
            XCTAssertNotNil(fast(text), text)
            XCTAssertEqual(fast(text), foundation(text), text)
        }
        let left = [
            "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-06-31T00:00:00Z", "2026-06-14T24:00:00Z",
            "2026-06-14T23:59:60Z", "2026-06-14t20:09:58Z", "2026-06-14T20:09:58z", "2026-06-14T20:09:58.5Z",
            "2026-06-14T20:09:58+15:00", "2026-06-14T20:09:58+0200", "2026-06-14T20:09Z", "1582-10-15T00:00:00Z",
            "0999-01-01T00:00:00Z", "2026-6-14T20:09:58Z", "2026-06-14 20:09:58Z", "", "2026-06-14T20:09:58",
        ]
        for text in left { XCTAssertNil(fast(text), text) }
    }

    func testDecodersReadTheCommonFormWithoutFoundation() {
        let iso = JSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        let json = Data(#"["2026-06-14T20:09:58Z", "2024-02-29T23:00:00-01:30"]"#.utf8)
        let alone = TapeDecoder.decodeWithoutFoundation([Date].self, from: json, using: iso)
        XCTAssertNotNil(alone)
        XCTAssertEqual(alone, try iso.decode([Date].self, from: json))
        // Any other form is Foundation's, with Foundation's error.
        let fractional = Data(#"["2026-06-14T20:09:58.5Z"]"#.utf8)
        XCTAssertNil(TapeDecoder.decodeWithoutFoundation([Date].self, from: fractional, using: iso))
        XCTAssertEqual(
            "\(Result { try TapeDecoder.decode([Date].self, from: fractional, using: iso) })",
            "\(Result { try iso.decode([Date].self, from: fractional) })")
        // The library's own decoder reads both forms.
        XCTAssertEqual(JSONCoding.parseISO8601("2026-06-14T20:09:58Z"), foundation("2026-06-14T20:09:58Z"))
        XCTAssertEqual(
            JSONCoding.parseISO8601("2026-06-14T20:09:58.250Z")?.timeIntervalSince1970,
            (foundation("2026-06-14T20:09:58Z")?.timeIntervalSince1970).map { $0 + 0.25 })
    }
}

/// A seeded generator, so that a failure repeats.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
