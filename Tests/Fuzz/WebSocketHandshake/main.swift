import Foundation

@testable import FuzzSupport

// The WebSocket handshake's request head (RFC 6455 §4.1) from any URL, subprotocols and header
// fields: it is either refused with `.invalidRequest` or written so that nothing adds a line.
// - The only CR and LF bytes are the line endings, and no other control byte but a tab is there.
// - The request line is three words, "GET", a target of visible ASCII starting with "/", and
//   "HTTP/1.1"; the target is the URL's percent-encoded path and query.
// - Every other line is "name: value" with a token name, and there is exactly one line per field
//   written: the handshake's own and each caller field that is not one of them.
// - A caller field whose value holds a CR, LF or NUL, or whose name is not a token, is refused.

private let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

private func isToken(_ text: some StringProtocol) -> Bool { !text.isEmpty && text.utf8.allSatisfy(tokenBytes.contains) }

/// A URL built the ways a handshake gets one: a path and query joined to a base, a whole URL
/// string, or a redirect's `Location` resolved against the previous URL.
private func makeURL(_ input: inout FuzzInput) -> URL? {
    switch input.int(below: 3) {
    case 0:
        return URL(string: "ws://example.com" + input.pick(["/", "/ws%0D%0AX-Injected:%20yes", "?a=%00", ""]))
    case 1:
        return URL(string: input.pick(["ws://example.com/", "wss://[::1]:9/p?q", "ws://a%0D%0Ab/"]))
    default:
        guard let base = URL(string: "ws://example.com/redirect") else { return nil }
        return URL(string: input.string(), relativeTo: base)?.absoluteURL
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    guard let url = makeURL(&input) else { return 0 }
    let protocols = (0..<input.int(below: 3)).map { _ in input.pick(["chat.v1", "chat.v2"]) }
    var headers = HTTPHeaders()
    for _ in 0..<input.int(below: 4) {
        headers.add(name: input.pick(["X-A", "Authorization", "Host", "upgrade"]), value: input.pick(["v", "a\tb"]))
    }
    let handshake = WebSocketHandshake(
        url: url, protocols: protocols, headers: headers, key: "dGhlIHNhbXBsZSBub25jZQ==",
        compression: input.bool() ? WebSocketCompression() : nil)
    let head: [UInt8]
    do {
        head = try handshake.requestHead()
    } catch {
        guard case .invalidRequest = error else { fuzzFailure("refused with \(error), not .invalidRequest") }
        return 0
    }
    for field in headers {
        let badValue = field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
        if badValue || !isToken(field.name) { fuzzFailure("the field \(field.name.debugDescription) was accepted") }
    }
    guard head.suffix(4).elementsEqual("\r\n\r\n".utf8) else { fuzzFailure("the head does not end in a blank line") }
    // Each line with its CR LF, the blank line at the end left out.
    let lines = head.dropLast(2).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    for line in lines {
        guard line.last == 0x0D else { fuzzFailure("a line break that is not CR LF") }
        guard line.dropLast().allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            fuzzFailure("a control byte in \(String(decoding: line, as: UTF8.self).debugDescription)")
        }
    }
    let text = lines.map { String(decoding: $0.dropLast(), as: UTF8.self) }
    let words = text[0].split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 3, words[0] == "GET", words[2] == "HTTP/1.1", words[1].hasPrefix("/"),
        words[1].utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else { fuzzFailure("the request line \(text[0].debugDescription) is not GET, one target, HTTP/1.1") }
    guard words[1] == WebSocketHandshake.requestTarget(of: url) else { fuzzFailure("the target is not the URL's") }
    var expected = 5 + (protocols.isEmpty ? 0 : 1) + (handshake.compression == nil ? 0 : 1)
    expected += headers.filter { !WebSocketHandshake.reservedNames.contains($0.name.lowercased()) }.count
    guard text.count - 1 == expected else { fuzzFailure("\(text.count - 1) fields written, \(expected) meant") }
    for line in text.dropFirst() {
        guard let colon = line.firstIndex(of: ":"), isToken(line[..<colon]) else {
            fuzzFailure("the field line \(line.debugDescription) has no token name")
        }
    }
    return 0
}
