import Foundation

@testable import FuzzSupport

// URL composition: any base URL, path and query items either compose into an absolute http(s)
// URL with a host and nothing a server could misread (no whitespace or control characters), or
// fail with `.invalidRequest`. Never a trap.

private let bases = [
    "http://127.0.0.1:8080", "https://api.example.com/v1/", "http://h", "https://user:pass@h.example:443/a/b?x=1",
    "", " ", "ftp://h", "http://", "http:///path", "https://[::1]:8443/base",
]
private let paths = [
    "/users", "users/", "//double", "/a b/ø", "?q=1", "#frag", "/%41%zz", "https://other.example/x",
    "http://evil.example\r\nX: y", "", "/../../etc/passwd", "/a?b=c&d#e",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let base = input.pick(bases)
    let path = input.pick(paths)
    var query: [URLQueryItem] = []
    for _ in 0..<input.int(below: 4) {
        query.append(URLQueryItem(name: input.string(maxLength: 32), value: input.bool() ? input.string() : nil))
    }
    let url: URL
    do {
        url = try URLComposer.compose(baseURL: base, path: path, query: query)
    } catch {
        guard case .invalidRequest = error else { fuzzFailure("composition failed with \(error)") }
        return 0
    }
    let text = url.absoluteString
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
        fuzzFailure("scheme of \(text.debugDescription)")
    }
    guard let host = url.host, !host.isEmpty else { fuzzFailure("no host in \(text.debugDescription)") }
    if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
        fuzzFailure("\(text.debugDescription) holds \(bad.debugDescription)")
    }
    if text.utf8.contains(UInt8(ascii: "#")) { fuzzFailure("a fragment survived in \(text.debugDescription)") }
    return 0
}
