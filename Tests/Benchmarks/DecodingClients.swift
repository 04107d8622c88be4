import Foundation
import NetworkingCore

/// Decoding alone, no request: the 1 KB model from its bytes, by `TapeDecoder` and by Foundation's
/// `JSONDecoder`, alone and as a list of 20, with the default keys and with the same document's keys in
/// snake case; an object of 24 members; and 50 ISO-8601 dates, with the `.iso8601` strategy and with the
/// library's own decoder (also with milliseconds). For `Benchmarks profile decode:CLIENT` under callgrind
/// (see "Profiling" in docs/Performance.md).
enum DecodingClients {
    static func all() -> [Client] {
        let plain = JSONDecoder()
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let snakeJSON = Data(
            String(decoding: Fixtures.smallJSON, as: UTF8.self)
                .replacingOccurrences(of: #""postcode""#, with: #""post_code""#)
                .replacingOccurrences(of: #""since""#, with: #""friend_since""#)
                .replacingOccurrences(of: #""score""#, with: #""score_value""#).utf8)
        let iso = JSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        let dates = Data(
            ("[" + (0..<50).map { #""2026-06-\#(10 + $0 % 18)T20:09:\#(10 + $0)Z""# }.joined(separator: ",") + "]").utf8
        )
        let fractionalDates = Data(
            ("["
                + (0..<50).map { #""2026-06-\#(10 + $0 % 18)T20:09:\#(10 + $0).\#(100 + $0 * 17)Z""# }
                .joined(separator: ",") + "]").utf8)
        let wide = Data(
            ("{"
                + (0..<24).map { #""field\#($0)": "# + ($0.isMultiple(of: 2) ? "\($0 * 1000)" : #""value \#($0)""#) }
                .joined(separator: ", ") + "}").utf8)
        let list = Data(
            ("["
                + Array(repeating: String(decoding: Fixtures.smallJSON, as: UTF8.self), count: 20).joined(
                    separator: ",")
                + "]").utf8)
        return [
            client("tape", Profile.self, Fixtures.smallJSON, plain, fast: true),
            client("tapeList", [Profile].self, list, plain, fast: true),
            client("foundationList", [Profile].self, list, plain, fast: false),
            client("foundation", Profile.self, Fixtures.smallJSON, plain, fast: false),
            client("tapeWide", Wide.self, wide, plain, fast: true),
            client("foundationWide", Wide.self, wide, plain, fast: false),
            client("tapeSnake", SnakeProfile.self, snakeJSON, snake, fast: true),
            client("foundationSnake", SnakeProfile.self, snakeJSON, snake, fast: false),
            client("tapeDates", [Date].self, dates, iso, fast: true),
            client("foundationDates", [Date].self, dates, iso, fast: false),
            client("libraryDates", [Date].self, dates, JSONCoding.makeDecoder(), fast: true),
            client("libraryFractionalDates", [Date].self, fractionalDates, JSONCoding.makeDecoder(), fast: true),
        ]
    }

    private static func client<T: Decodable & Sendable>(
        _ key: String, _ type: T.Type, _ data: Data, _ decoder: JSONDecoder, fast: Bool
    ) -> Client {
        Client(key: key) {
            if fast {
                guard TapeDecoder.decodeWithoutFoundation(type, from: data, using: decoder) != nil else {
                    throw BenchmarkFailure(description: "\(key): TapeDecoder left the document to Foundation")
                }
            } else {
                _ = try decoder.decode(type, from: data)
            }
        }
    }

    /// An object of 24 members, more than `TapeDecoder` compares key by key (it indexes such an object).
    struct Wide: Decodable, Sendable {
        let field0: Int, field1: String, field2: Int, field3: String, field4: Int, field5: String
        let field6: Int, field7: String, field8: Int, field9: String, field10: Int, field11: String
        let field12: Int, field13: String, field14: Int, field15: String, field16: Int, field17: String
        let field18: Int, field19: String, field20: Int, field21: String, field22: Int, field23: String
    }

    /// `Profile` with some members named as a snake-case API names them.
    struct SnakeProfile: Decodable, Sendable {
        struct Address: Decodable, Sendable {
            let street: String
            let city: String
            let postCode: String
            let country: String
        }

        struct Friend: Decodable, Sendable {
            let id: Int
            let name: String
            let friendSince: Int
        }

        let id: Int
        let name: String
        let email: String
        let active: Bool
        let scoreValue: Double
        let tags: [String]
        let address: Address
        let friends: [Friend]
    }
}
