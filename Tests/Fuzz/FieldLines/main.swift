import Foundation

@testable import FuzzSupport

// A response head's field lines as a server sends them (`ResponseHead(fieldLines:)`): any bytes
// give a head whose readings agree, never a trap. `containsField` and `header` walk the lines where
// they lie and `headerFields` parses them all; for every name parsed, and for names the library
// asks for, a walk finds a field exactly when a parsed name equals the name with A–Z folded (and no
// other byte folded: a CR is not a `-`), and gives the value the parse gave that spelling.

private let asked = [
    "Set-Cookie", "Content-Encoding", "Content-Length", "Content-Type", "Location", "WWW-Authenticate",
    "Retry-After", "X_Key", "X-Rate1",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let lines = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let url = URL(string: "http://h.test"),
        let head = ResponseHead(url: url, statusCode: 200, fieldLines: lines)
    else { return 0 }
    var parsed: [String: String] = [:]
    for field in head.headerFields { parsed[field.name] = field.value }
    // A name that is not UTF-8 is parsed with U+FFFD in place of its bytes, a name nobody can ask
    // for (and no token): those are left out.
    let received = parsed.keys.filter { !$0.unicodeScalars.contains("\u{FFFD}") }
    for name in received + asked {
        let spellings = parsed.keys.filter { $0.caseInsensitiveEquals(name) }
        guard head.containsField(name) == !spellings.isEmpty else {
            fuzzFailure("containsField(\(name.debugDescription)) disagrees with the parsed names \(spellings)")
        }
        let value = head.header(name)
        if let exact = parsed[name] {
            guard value == exact else { fuzzFailure("header(\(name.debugDescription)) is not the parsed value") }
        } else if let value {
            guard spellings.contains(where: { parsed[$0] == value }) else {
                fuzzFailure("header(\(name.debugDescription)) is no parsed spelling's value")
            }
        } else {
            guard spellings.isEmpty else { fuzzFailure("header(\(name.debugDescription)) missed \(spellings)") }
        }
    }
    return 0
}
