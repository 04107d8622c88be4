import Foundation

@testable import FuzzSupport

// `TapeDecoder` against Foundation's `JSONDecoder`, on any bytes: decoded as any JSON value (each
// kind tried in turn, so member errors are caught and swallowed) and as a typed model, the fast
// decoder gives the same value as `JSONDecoder`, or fails where it fails; what it decodes without
// Foundation, Foundation decodes to the same value; with ISO-8601 dates and keys converted from snake
// case too. Nothing crashes or hangs.

private indirect enum Value: Decodable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case uint8(UInt8)
    case double(Double)
    case float(Float)
    case string(String)
    case date(Date)
    case url(URL)
    case list([Value])
    case object([String: Value])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? single.decode(Int.self) {
            self = .int(int)
        } else if let byte = try? single.decode(UInt8.self) {
            self = .uint8(byte)
        } else if let double = try? single.decode(Double.self) {
            self = (try? single.decode(Float.self)).map { .float($0) } ?? .double(double)
        } else if let url = try? single.decode(URL.self) {
            self = .url(url)
        } else if let string = try? single.decode(String.self) {
            self = .string(string)
        } else if let list = try? single.decode([Value].self) {
            self = .list(list)
        } else {
            self = .object(try single.decode([String: Value].self))
        }
    }
}

private struct Model: Decodable, Equatable {
    let id: Int
    let name: String?
    let scores: [Double?]
    let when: Date?
    let children: [Model]?
}

private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An object by the names its keyed container gives its keys (converted under a key strategy).
private struct Members: Decodable, Equatable {
    let members: [String: Value]

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        var members: [String: Value] = [:]
        for key in object.allKeys { members[key.stringValue] = try object.decode(Value.self, forKey: key) }
        self.members = members
    }
}

/// Names a snake-case decoder finds under converted keys.
private struct SnakeModel: Decodable, Equatable {
    let userId: Int?
    let aB: String?
    let httpStatus: Int?
    let line1St: Bool?
    let children: [SnakeModel]?
}

private func check<T: Decodable & Equatable>(_ type: T.Type, _ data: Data, _ decoder: JSONDecoder) {
    let expected = try? decoder.decode(type, from: data)
    let actual = try? TapeDecoder.decode(type, from: data, using: decoder)
    precondition(
        actual == expected,
        "TapeDecoder gave \(String(describing: actual)), JSONDecoder \(String(describing: expected))")
    if let alone = TapeDecoder.decodeWithoutFoundation(type, from: data, using: decoder) {
        precondition(alone == expected, "decoded alone \(alone), JSONDecoder \(String(describing: expected))")
    }
}

private let plain = JSONDecoder()
private let library = JSONCoding.makeDecoder()
private let iso: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()
private let snake: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    check(Value.self, data, plain)
    check(Model.self, data, plain)
    check(Model.self, data, library)
    check(Model.self, data, iso)
    check(Value.self, data, snake)
    check(Members.self, data, snake)
    check(SnakeModel.self, data, snake)
    return 0
}
