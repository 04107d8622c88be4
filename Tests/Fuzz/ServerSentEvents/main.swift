import Foundation

@testable import FuzzSupport

// The Server-Sent Events parser: any bytes give events or a typed error, never a trap, and the
// result does not depend on how the stream is cut into chunks (the network decides that). The
// first input byte picks the chunk size; a small event-size cap exercises the overflow path.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let chunkSize = input.int(below: 16) + 1
    let maxEventSize = input.bool() ? 64 : ServerSentEventParser.defaultMaxEventSize
    let stream = Data(input.data(maxLength: 4096))

    func parse(chunkedBy size: Int) -> Result<([ServerSentEvent], String, Int?), NetworkingError> {
        var parser = ServerSentEventParser(maxEventSize: maxEventSize)
        var events: [ServerSentEvent] = []
        var offset = stream.startIndex
        do {
            while offset < stream.endIndex {
                let end = min(offset + size, stream.endIndex)
                events += try parser.parse(stream[offset..<end])
                offset = end
            }
        } catch {
            return .failure(error)
        }
        return .success((events, parser.lastEventID, parser.reconnectionTime))
    }

    switch (parse(chunkedBy: max(stream.count, 1)), parse(chunkedBy: chunkSize)) {
    case (.success(let whole), .success(let chunked)):
        guard whole.0 == chunked.0, whole.1 == chunked.1, whole.2 == chunked.2 else {
            fuzzFailure("chunks of \(chunkSize) bytes parse differently from the whole stream")
        }
        for event in whole.0 where event.id?.contains("\0") == true { fuzzFailure("an id holds NUL") }
    case (.failure, .failure):
        break
    default:
        fuzzFailure("chunks of \(chunkSize) bytes fail differently from the whole stream")
    }
    return 0
}
