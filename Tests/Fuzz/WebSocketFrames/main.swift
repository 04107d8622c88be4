import Foundation

@testable import FuzzSupport

// The WebSocket frame parser and message assembler: any bytes give frames and messages or a
// typed protocol violation, never a trap, and the outcome does not depend on how the bytes are
// cut into reads. Every frame parsed encodes back to a frame that parses to itself. The first
// input bytes pick the chunk size, the side whose frames these are, and small size limits.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let chunkSize = input.int(below: 32) + 1
    let sender: WebSocketFrameParser.Sender = input.bool() ? .client : .server
    let maxFrameSize = input.bool() ? 200 : WebSocketFrameParser.defaultMaxFrameSize
    let maxMessageSize = input.bool() ? 300 : WebSocketMessageAssembler.defaultMaxMessageSize
    var stream: [UInt8] = []
    while !input.isEmpty { stream.append(input.byte()) }

    func run(chunkedBy size: Int) -> ([WebSocketFrame], [WebSocketMessageAssembler.Event], WebSocketProtocolError?) {
        var parser = WebSocketFrameParser(sender: sender, maxFrameSize: maxFrameSize)
        var assembler = WebSocketMessageAssembler(maxMessageSize: maxMessageSize)
        var frames: [WebSocketFrame] = []
        var events: [WebSocketMessageAssembler.Event] = []
        var offset = 0
        do {
            repeat {
                let end = min(offset + size, stream.count)
                parser.append(stream[offset..<end])
                offset = end
                while let frame = try parser.nextFrame() {
                    frames.append(frame)
                    if let event = try assembler.consume(frame) { events.append(event) }
                }
            } while offset < stream.count
        } catch {
            return (frames, events, error)
        }
        return (frames, events, nil)
    }

    let whole = run(chunkedBy: max(stream.count, 1))
    let chunked = run(chunkedBy: chunkSize)
    guard whole.0 == chunked.0, whole.1 == chunked.1, whole.2 == chunked.2 else {
        fuzzFailure("chunks of \(chunkSize) bytes parse differently from the whole stream")
    }
    for frame in whole.0 {
        guard frame.payload.count <= maxFrameSize else { fuzzFailure("a frame over the limit was returned") }
        if frame.opcode.isControl, frame.payload.count > 125 || !frame.isFinal {
            fuzzFailure("an oversized or fragmented control frame was returned")
        }
        var encoded: [UInt8] = []
        frame.encode(maskingKey: sender == .client ? 0x1234_5678 : nil, into: &encoded)
        var parser = WebSocketFrameParser(sender: sender, maxFrameSize: maxFrameSize)
        parser.append(encoded)
        guard (try? parser.nextFrame()) == frame, parser.bufferedByteCount == 0 else {
            fuzzFailure("a parsed frame does not survive encoding")
        }
    }
    for case .text(let text) in whole.1 {
        guard text.utf8.count <= maxMessageSize else { fuzzFailure("a message over the limit was returned") }
    }
    return 0
}
