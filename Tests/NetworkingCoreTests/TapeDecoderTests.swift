import Foundation
import XCTest

@testable import NetworkingCore

/// `TapeDecoder` against Foundation's `JSONDecoder`: every document gives the same value or the same
/// error, and the ones it should decode on its own, it does.
final class TapeDecoderTests: XCTestCase {
    struct Nested: Codable, Equatable {
        let name: String
        let tags: [String]
    }

    struct Everything: Codable, Equatable {
        let int: Int, int8: Int8, int16: Int16, int32: Int32, int64: Int64
        let uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64
        let double: Double, float: Float, bool: Bool, string: String
        let optional: String?
        let absent: Int?
        let list: [Int?]
        let map: [String: Nested]
        let nested: Nested
        let date: Date
    }

    /// Reads an integer leniently: a member it cannot read becomes -1.
    struct Lenient: Decodable, Equatable {
        let number: Int
        enum CodingKeys: String, CodingKey { case number }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            number = (try? container.decode(Int.self, forKey: .number)) ?? -1
        }
    }

    /// Records the coding paths it sees, as strings.
    struct PathRecorder: Decodable, Equatable {
        let paths: [String]
        init(from decoder: any Decoder) throws {
            var paths = [decoder.codingPath.map(\.stringValue).joined(separator: ".")]
            if var list = try? decoder.unkeyedContainer() {
                while !list.isAtEnd {
                    paths += try list.decode(PathRecorder.self).paths
                }
            } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    paths += try object.decode(PathRecorder.self, forKey: key).paths
                }
            }
            self.paths = paths
        }
    }

    /// Every member of an object, by the name its keyed container gives the member's key.
    struct AllKeys: Decodable, Equatable {
        let members: [String: Int]
        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: AnyKey.self)
            var members: [String: Int] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(Int.self, forKey: key) }
            self.members = members
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private func assertSame<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, decoder: JSONDecoder = JSONDecoder(), withoutFoundation: Bool? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertSame(
            type, Data(json.utf8), decoder: decoder, withoutFoundation: withoutFoundation, file: file, line: line)
    }

    private func assertSame<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, decoder: JSONDecoder = JSONDecoder(), withoutFoundation: Bool? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let expected = Result { try decoder.decode(type, from: data) }
        let actual = Result { try TapeDecoder.decode(type, from: data, using: decoder) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)):
            XCTAssertEqual(actual, expected, file: file, line: line)
        case (.failure(let expected), .failure(let actual)):
            XCTAssertEqual("\(actual)", "\(expected)", file: file, line: line)
        default:
            XCTFail("JSONDecoder gave \(expected), TapeDecoder \(actual)", file: file, line: line)
        }
        if let withoutFoundation {
            let alone = TapeDecoder.decodeWithoutFoundation(type, from: data, using: decoder)
            XCTAssertEqual(alone != nil, withoutFoundation, "decoded without Foundation", file: file, line: line)
        }
    }

    private let everything = """
        {"int": -42, "int8": -128, "int16": 32767, "int32": -2147483648, "int64": 9223372036854775807,
         "uint": 0, "uint8": 255, "uint16": 65535, "uint32": 4294967295, "uint64": 18446744073709551615,
         "double": -2.5e-3, "float": 3.25, "bool": true, "string": "caf\\u00e9 \\ud83d\\ude00 \\n\\t\\"\\\\\\/ ok",
         "optional": null, "list": [1, null, 3],
         "map": {"b": {"name": "B", "tags": []}, "a": {"name": "A", "tags": ["x", "y"]}},
         "nested": {"name": "ünïcode ✓", "tags": ["one"]}, "date": 1.5, "extra": [{"ignored": true}]}
        """

    func testEveryPrimitiveAndContainerDecodesAsFoundationDoesWithoutFoundation() {
        assertSame(Everything.self, everything, withoutFoundation: true)
        assertSame([Everything].self, "[\(everything), \(everything)]", withoutFoundation: true)
    }

    func testErrorsAreFoundationsOwn() {
        assertSame(Nested.self, #"{"name": "a"}"#, withoutFoundation: false)  // missing key
        assertSame(Nested.self, #"{"name": null, "tags": []}"#, withoutFoundation: false)
        assertSame(Nested.self, #"{"name": 1, "tags": []}"#, withoutFoundation: false)
        assertSame(Nested.self, #"{"name": "a", "tags": [1]}"#, withoutFoundation: false)
        assertSame([Int].self, "[1, 2", withoutFoundation: false)
        assertSame([Int].self, "[1, 2] x", withoutFoundation: false)
        assertSame([Int].self, "", withoutFoundation: false)
        assertSame([Int].self, "[01]", withoutFoundation: false)
        assertSame([String].self, "[\"a\u{01}\"]", withoutFoundation: false)
        assertSame([String].self, Data([0x5B, 0x22, 0xFF, 0x22, 0x5D]), withoutFoundation: false)
        assertSame([Int].self, Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))
    }

    func testNumbersDecodeAsFoundationDoesOrAreLeftToIt() {
        assertSame([Int].self, "[0, -1, 9223372036854775807, -9223372036854775808]", withoutFoundation: true)
        assertSame([Int].self, "[1.0, 1e2, -2.0E+1, 9007199254740991.0]", withoutFoundation: true)
        for json in ["[1.5]", "[1e-2]", "[1e300]", "[9007199254740993.0]", "[-0]", "[9223372036854775808]"] {
            assertSame([Int].self, json, withoutFoundation: false)
        }
        assertSame([Int8].self, "[128]", withoutFoundation: false)
        assertSame([UInt].self, "[-1]", withoutFoundation: false)
        assertSame([Double].self, "[0, -0.0, 1.7976931348623157e308, 5e-324, 0.1, 1E+2]", withoutFoundation: true)
        assertSame([Double].self, "[1e400]", withoutFoundation: false)
        assertSame([Double].self, "[1e-400]", withoutFoundation: false)
        // JSONDecoder refuses some zeros with an exponent (0e3) and takes others (0e0, 0e+1, -0e3).
        for zero in ["0e3", "0E3", "0e0", "0e+1", "-0e3", "0.0e1", "0.5e-3"] {
            assertSame([Double].self, "[\(zero)]")
            assertSame([Float].self, "[\(zero)]")
            assertSame([Int].self, "[\(zero)]")
        }
        assertSame([Double].self, "[0, 0.0, -0.0, 0.000]", withoutFoundation: true)
        assertSame([Float].self, "[3.4028235e38, 1.17549435e-38, 0.1]", withoutFoundation: true)
        assertSame([Float].self, "[3.5e38]", withoutFoundation: false)
    }

    func testATypeThatCatchesAMemberErrorStillGetsFoundationsResult() {
        assertSame(Lenient.self, #"{"number": 7}"#, withoutFoundation: true)
        assertSame(Lenient.self, #"{"number": "seven"}"#, withoutFoundation: true)
        assertSame(Lenient.self, #"{"number": 1e2}"#, withoutFoundation: true)
        assertSame(Lenient.self, #"{"number": 1.5}"#, withoutFoundation: true)
        assertSame(Lenient.self, #"{"number": 1e400}"#, withoutFoundation: false)
        assertSame(Lenient.self, #"{"number": 18446744073709551616}"#, withoutFoundation: false)
    }

    /// `AnyCodable` decodes any value by trying each kind in turn, catching each mismatch.
    func testAnyValueDecodedByTryingEachKind() {
        let json = #"[null, true, 3, 2.5, "s", [1, [2]], {"k": {"l": []}}, -0.0, 1e2]"#
        assertSame(AnyCodable.self, json, withoutFoundation: true)
        assertSame(AnyCodable.self, #"[1e400]"#, withoutFoundation: false)
    }

    func testCodingPathsAreFoundations() {
        assertSame(PathRecorder.self, #"{"a": [1, {"b": 2}], "c": {"d": [[3]]}}"#, withoutFoundation: true)
    }

    func testKeys() {
        assertSame([String: Int].self, #"{"a": 1, "a": 2, "b": 3}"#, withoutFoundation: true)
        assertSame(Lenient.self, #"{"number": 1, "number": 2}"#, withoutFoundation: true)
        assertSame([String: Int].self, #"{"\u0061": 1}"#, withoutFoundation: false)
        assertSame([String: Int].self, #"{"é": 1}"#, withoutFoundation: false)
        assertSame([Int: String].self, #"{"1": "a", "2": "b"}"#, withoutFoundation: true)
    }

    func testKeysConvertFromSnakeCaseAsFoundationConvertsThem() {
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        // Leading and trailing underscores, runs of them, single words left as they are, letters after
        // letters lowercased, digits starting over, other bytes in the first word, first key winning.
        let keys = [
            "user_name", "id", "_private_id", "trailing_", "__x__y__", "___", "", "HTTP_status", "user_NAME_x",
            "line_1st", "a1b_c2d", "camelCase", "content-type_x", "a_b", "aB", "URL", "x_URL_y9z",
        ]
        let object = "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ") + "}"
        let many = (0..<20).map { #""key_\#($0)_x": \#($0)"# }.joined(separator: ", ")
        let large = "{" + many + ", " + object.dropFirst()
        for json in [object, large] {
            assertSame(AllKeys.self, json, decoder: snake, withoutFoundation: true)
            // A `[String: Value]` keeps its keys as they are, as in JSONDecoder.
            assertSame([String: Int].self, json, decoder: snake, withoutFoundation: true)
            assertSame([String: [String: Int]].self, #"{"a_b": \#(json)}"#, decoder: snake, withoutFoundation: true)
            assertSame([[String: Int]].self, "[\(json)]", decoder: snake, withoutFoundation: true)
        }
        // JSONDecoder decodes every value of such a dictionary, a repeated key's too.
        assertSame([String: Int].self, #"{"a": 1, "a": "x"}"#, decoder: snake, withoutFoundation: false)
        struct Member: Decodable, Equatable {
            let userName: String
            let httpStatus: Int?
            let line1St: Int
            let _privateId: Int
            let nested: [String: Int]?
        }
        let member = #"{"HTTP_status": 2, "user_name": "a", "user_name": "b", "line_1st": 3, "_private_id": 4}"#
        assertSame(Member.self, member, decoder: snake, withoutFoundation: true)
        assertSame(Member.self, #"{"user_name": "a", "line_1st": 3}"#, decoder: snake, withoutFoundation: false)
        assertSame(
            Member.self, #"{"user_name": "a", "line_1st": 3, "_private_id": 4, "nested": {"a_b": 1}}"#,
            decoder: snake, withoutFoundation: true)
        // A word after the first with a byte whose capitalization depends on Unicode's tables.
        assertSame(AllKeys.self, #"{"a_b-c": 1}"#, decoder: snake, withoutFoundation: false)
        assertSame(Member.self, #"{"user_name": "a", "line_1st": 3, "_private_id": 4, "x_y.z": 0}"#, decoder: snake)
    }

    func testLargeObjectsAreIndexedWithTheFirstOfEqualKeysWinning() {
        let members = (0..<5_000).map { #""k\#($0)": \#($0)"# }
        let map = "{" + members.joined(separator: ", ") + #", "k7": -1, "é": 1}"#
        assertSame([String: Int].self, map, withoutFoundation: false)  // the key beyond ASCII
        assertSame([String: Int].self, "{" + members.joined(separator: ", ") + #", "k7": -1}"#, withoutFoundation: true)
        struct Picks: Decodable, Equatable {
            let k0: Int, k4999: Int, k7: Int
            let k5000: Int?
        }
        assertSame(Picks.self, "{" + members.joined(separator: ", ") + #", "k7": -1}"#, withoutFoundation: true)
        // A key that Swift's strings compare equal to another (Kelvin sign and K) is found as in JSONDecoder.
        struct Kelvin: Decodable, Equatable {
            let value: Int
            enum CodingKeys: String, CodingKey { case value = "\u{212A}" }
        }
        let many = (0..<20).map { #""x\#($0)": 0"# }.joined(separator: ", ")
        assertSame(Kelvin.self, #"{"K": 3, "# + many + "}", withoutFoundation: true)
        assertSame(Kelvin.self, #"{"K": 3}"#, withoutFoundation: false)
    }

    func testStrings() {
        assertSame(
            [String].self, #"["", "plain", "\b\f\n\r\t", "\u0000", "\uD834\uDD1E", "日本"]"#, withoutFoundation: true)
        assertSame([String].self, #"["\uD834"]"#, withoutFoundation: false)
        assertSame([String].self, #"["\uDD1E x"]"#, withoutFoundation: false)
        assertSame([String].self, #"["\x"]"#, withoutFoundation: false)
    }

    func testEveryByteThatEndsAPlainRunIsFoundAtEveryOffsetOfAWord() {
        // The scanner skips plain bytes a word at a time and stops at the first that is not plain:
        // each such byte (and a string's end) at each offset of the first three words, plain text after.
        let enders: [(text: String, withoutFoundation: Bool)] = [
            (#"\""#, true), (#"\\"#, true), (#"\n"#, true), ("é", true), ("\u{01}", false), (#"", ""#, true),
        ]
        for (ender, withoutFoundation) in enders {
            for offset in 0..<24 {
                let json = "[\"" + String(repeating: "a", count: offset) + ender + "bc\", \"z\"]"
                assertSame([String].self, json, withoutFoundation: withoutFoundation)
            }
        }
    }

    func testFragmentsAndNesting() {
        assertSame(Int.self, " 3 ", withoutFoundation: true)
        assertSame(String.self, #""x""#, withoutFoundation: true)
        assertSame(Int?.self, "null", withoutFoundation: true)
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        assertSame(AnyCodable.self, deep, withoutFoundation: false)
    }

    func testFoundationTypesAndStrategies() {
        assertSame([URL].self, #"["https://example.com/a?b=c"]"#, withoutFoundation: true)
        assertSame([Data].self, #"["aGVsbG8="]"#, withoutFoundation: false)
        assertSame([Decimal].self, "[1.25]", withoutFoundation: false)
        assertSame([Date].self, "[1.5]", withoutFoundation: true)
        assertSame(
            [Date].self, #"["2026-06-14T20:09:58Z", "2026-06-14T20:09:58.123Z"]"#,
            decoder: JSONCoding.makeDecoder(), withoutFoundation: true)
        assertSame([Date].self, #"["yesterday"]"#, decoder: JSONCoding.makeDecoder(), withoutFoundation: false)
        let seconds = JSONDecoder()
        seconds.dateDecodingStrategy = .secondsSince1970
        assertSame([Date].self, "[1700000000.5]", decoder: seconds, withoutFoundation: true)
        let milliseconds = JSONDecoder()
        milliseconds.dateDecodingStrategy = .millisecondsSince1970
        assertSame([Date].self, "[1700000000500]", decoder: milliseconds, withoutFoundation: true)
        let iso = JSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        assertSame([Date].self, #"["2026-06-14T20:09:58Z"]"#, decoder: iso, withoutFoundation: true)
        assertSame([Date].self, #"["2026-06-14T20:09:58.5Z"]"#, decoder: iso, withoutFoundation: false)
        assertSame([Date].self, #"[1]"#, decoder: iso, withoutFoundation: false)
        let custom = JSONDecoder()
        custom.keyDecodingStrategy = .custom { $0.last! }
        assertSame([String: Int].self, #"{"a_b": 1}"#, decoder: custom, withoutFoundation: false)
        // Unchecked as JSONDecoder itself is: it adds no state, and JSONDecoder guards its own.
        final class Subclass: JSONDecoder, @unchecked Sendable {}
        assertSame([Int].self, "[1]", decoder: Subclass(), withoutFoundation: false)
    }

    func testUserInfoReachesTheDecodedType() throws {
        struct ReadsUserInfo: Decodable, Equatable {
            static let key = CodingUserInfoKey(rawValue: "unit")!
            let unit: String
            init(from decoder: any Decoder) throws { unit = decoder.userInfo[Self.key] as? String ?? "none" }
        }
        let decoder = JSONDecoder()
        decoder.userInfo[ReadsUserInfo.key] = "cm"
        XCTAssertEqual(try TapeDecoder.decode(ReadsUserInfo.self, from: Data("{}".utf8), using: decoder).unit, "cm")
        assertSame(ReadsUserInfo.self, "{}", decoder: decoder, withoutFoundation: true)
    }

    func testArraysTheDecoderBuildsAreFoundationsElementForElement() {
        assertSame([Int].self, "[]", withoutFoundation: true)
        assertSame([Int?].self, "[1, null, 3]", withoutFoundation: true)
        assertSame([[String]].self, #"[["a"], [], ["b", "c"]]"#, withoutFoundation: true)
        assertSame([[String: [Int]]].self, #"[{"a": [1, 2]}, {}]"#, withoutFoundation: true)
        assertSame(Set<Int>.self, "[3, 1, 2]", withoutFoundation: true)
        // Errors name the element that failed, and a value that is not an array is a type mismatch.
        assertSame([Nested].self, #"[{"name": "a", "tags": []}, {"name": "b", "tags": [1]}]"#, withoutFoundation: false)
        assertSame([[Int]].self, "[[1], 2]", withoutFoundation: false)
        assertSame([Int].self, #"{"a": 1}"#, withoutFoundation: false)
        assertSame([Int].self, "null", withoutFoundation: false)
        // More array types than the decoder remembers (one per depth), each still decoded alike.
        let depth = 24
        let deep = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        assertSame(Deep.self, "{\"value\": \(deep)}", withoutFoundation: true)
    }

    /// 24 arrays deep: one array type per level.
    struct Deep: Decodable, Equatable {
        let value: [[[[[[[[[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]]]]]]]]]
    }

    func testUnkeyedContainerReadsNullsAndStopsAtTheEnd() {
        struct Pairs: Decodable, Equatable {
            let values: [Int]
            let nulls: Int
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                var values: [Int] = []
                var nulls = 0
                while !list.isAtEnd {
                    if try list.decodeNil() {
                        nulls += 1
                    } else {
                        var inner = try list.nestedUnkeyedContainer()
                        values.append(try inner.decode(Int.self) + (inner.count ?? 0))
                    }
                }
                _ = try list.decode(Int.self)  // past the end: valueNotFound
                self.values = values
                self.nulls = nulls
            }
        }
        assertSame(Pairs.self, "[[1, 2], null, [3]]", withoutFoundation: false)
    }

    func testSuperDecoderIsLeftToFoundation() {
        struct UsesSuper: Decodable, Equatable {
            let inner: [Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                inner = try [Int](from: container.superDecoder(forKey: AnyKey(stringValue: "inner")))
            }
        }
        assertSame(UsesSuper.self, #"{"inner": [1, 2]}"#, withoutFoundation: false)
    }
}
