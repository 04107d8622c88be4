import Foundation

/// Reads typed values off the front of a fuzzer's input, so that one byte string drives a whole
/// scenario. Running out of bytes yields zeros and empty values, never a trap.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = ArraySlice(UnsafeRawBufferPointer(start: start, count: count))
    }

    init(_ data: [UInt8]) { bytes = ArraySlice(data) }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    mutating func int(below bound: Int) -> Int { bound <= 1 ? 0 : Int(byte()) % bound }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `maxLength` raw bytes (the length is read first).
    mutating func data(maxLength: Int = 255) -> [UInt8] {
        let length = min(int(below: 256), maxLength, bytes.count)
        defer { bytes = bytes.dropFirst(length) }
        return Array(bytes.prefix(length))
    }

    /// A string from up to `maxLength` bytes, decoded as UTF-8 with repairs (so it may hold any
    /// scalar, U+FFFD for invalid sequences).
    mutating func string(maxLength: Int = 255) -> String {
        String(decoding: data(maxLength: maxLength), as: UTF8.self)
    }

    /// One of `choices`, or a fuzzed string when the selector says so.
    mutating func pick(_ choices: [String]) -> String {
        let index = int(below: choices.count + 1)
        return index < choices.count ? choices[index] : string()
    }

    /// Everything left.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}

/// Stops the run with a message libFuzzer reports as a crash, saving the input.
func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("property violated: \(message)", file: file, line: line)
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's, whatever the grapheme clusters
    /// around them (a combining mark after a quote makes `String.contains` miss the quote).
    func containsBytes(_ needle: String) -> Bool {
        let haystack = Array(utf8)
        let needle = Array(needle.utf8)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}
