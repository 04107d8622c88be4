@testable import FuzzSupport

// The permessage-deflate answer parser (RFC 7692 §7.1): any `Sec-WebSocket-Extensions` value
// gives agreed parameters or a refusal, never a trap. What is agreed keeps within the offer: both
// windows 8 to 15 and no larger than offered, every reset the offer required or announced, and the
// same answer gives the same outcome. The first input bytes pick the offer.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let offer = WebSocketCompression(
        serverNoContextTakeover: input.bool(), clientNoContextTakeover: input.bool(),
        serverMaxWindowBits: 8 + input.int(below: 8), clientMaxWindowBits: 8 + input.int(below: 8))
    let response = String(decoding: input.rest(), as: UTF8.self)
    let outcome = Result { () throws(WebSocketCompression.Refusal) in
        try WebSocketCompression.agreed(to: offer, response: response)
    }
    let again = Result { () throws(WebSocketCompression.Refusal) in
        try WebSocketCompression.agreed(to: offer, response: response)
    }
    guard outcome == again else { fuzzFailure("one answer parsed two ways") }
    guard case .success(let agreed) = outcome else { return 0 }
    guard WebSocketCompression.windowBits.contains(agreed.serverMaxWindowBits),
        WebSocketCompression.windowBits.contains(agreed.clientMaxWindowBits)
    else { fuzzFailure("a window outside 8 to 15 was agreed: \(agreed)") }
    guard agreed.serverMaxWindowBits <= offer.serverMaxWindowBits,
        agreed.clientMaxWindowBits <= offer.clientMaxWindowBits
    else { fuzzFailure("a window larger than offered was agreed: \(agreed) for \(offer)") }
    guard !offer.serverNoContextTakeover || agreed.serverNoContextTakeover,
        !offer.clientNoContextTakeover || agreed.clientNoContextTakeover
    else { fuzzFailure("a reset the offer asked for was dropped: \(agreed) for \(offer)") }
    guard agreed.isValidOffer else { fuzzFailure("the agreement is not a valid set of parameters: \(agreed)") }
    return 0
}
