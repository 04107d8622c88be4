import Foundation

@testable import FuzzSupport

// The HAR reader of `ReplayingTransport(harFile:)` on any bytes: it decodes a document or says
// what is wrong, never traps; a document it decodes encodes and decodes again to the same value;
// and turning a document into fixtures either names the entry it cannot use or gives one fixture
// per entry with a response, each with a URL that parses and a status code.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let document: HARDocument
    do {
        document = try HARDocument.decode(data)
    } catch {
        guard !error.reason.isEmpty else { fuzzFailure("a HAR that cannot be read has no reason") }
        return 0
    }
    if let encoded = try? JSONEncoder().encode(document) {
        guard let again = try? HARDocument.decode(encoded), again == document else {
            fuzzFailure("a decoded HAR does not survive encoding and decoding again")
        }
    }
    let fixtures: [(name: String, fixture: Fixture)]
    do {
        fixtures = try document.fixtures()
    } catch {
        guard error.reason.hasPrefix("log.entries[") else { fuzzFailure("a bad entry is not named: \(error.reason)") }
        return 0
    }
    let answered = document.log.entries.filter { $0.response.status != 0 }
    guard fixtures.count == answered.count else {
        fuzzFailure("\(fixtures.count) fixtures of \(answered.count) entries")
    }
    for (name, fixture) in fixtures {
        guard URL(string: fixture.request.url)?.host != nil, (100..<1000).contains(fixture.response.statusCode) else {
            fuzzFailure("\(name) is not a usable fixture")
        }
    }
    return 0
}
