import Foundation

@testable import FuzzSupport

// The parsers of a network path's text: proxy URLs (`Proxy(url:)`), no-proxy lists
// (`ProxyBypass`) and host overrides. For any input:
// - what is accepted puts no control byte into what libcurl is given (a proxy's URL, a no-proxy
//   list, a `CURLOPT_RESOLVE` entry), and a no-proxy list never gains or loses an entry;
// - an accepted proxy's URL parses back to the same proxy, and its description never shows the
//   password;
// - nothing crashes or hangs.

private func hasControlByte(_ text: String) -> Bool { text.utf8.contains { $0 < 0x20 || $0 == 0x7F } }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let proxy = try? Proxy(url: text) {
        precondition(!hasControlByte(proxy.url), "a control byte reached a proxy URL")
        guard let again = try? Proxy(url: proxy.url) else { preconditionFailure("\(proxy.url) does not parse back") }
        precondition(
            again.kind == proxy.kind && again.host == proxy.host && again.port == proxy.port, "\(proxy.url) changed")
        if let credentials = proxy.credentials {
            let scheme = proxy.kind.rawValue + "://"
            let expected = scheme + credentials.username + ":<redacted>@" + proxy.url.dropFirst(scheme.count)
            precondition(proxy.description == expected, "a description is not the masked URL")
        }
    }
    if let bypass = try? ProxyBypass(text) {
        let list = bypass.description
        precondition(!hasControlByte(list), "a control byte reached a no-proxy list")
        guard let again = try? ProxyBypass(list) else { preconditionFailure("'\(list)' does not parse back") }
        precondition(again == bypass, "'\(list)' changed when parsed again")
        _ = bypass.bypasses(host: text)
    }
    let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    if parts.count == 3, let port = Int(parts[1]),
        let override = try? HostOverride(host: parts[0], port: port, addresses: parts[2].components(separatedBy: "|"))
    {
        precondition(!hasControlByte(override.curlEntry), "a control byte reached a resolve entry")
        precondition(!override.host.contains(",") && !override.host.contains(":"), "the host split the entry")
    }
    return 0
}
