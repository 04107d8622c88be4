/// A WebSocket close status code (RFC 6455 §7.4).
///
/// The named values are the codes the RFC and the IANA registry define. Codes 3000–3999 are for
/// libraries and frameworks, 4000–4999 for applications.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as sent on the wire.
    public let rawValue: UInt16

    /// Creates a close code from its number.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: an endpoint is going away (a server shutting down, a client task cancelled).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: an endpoint broke the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: an endpoint received a kind of data it cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the close frame carried no status code (reported, never sent).
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a close frame (reported, never sent).
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a message's data was not consistent with its type (text that is not UTF-8).
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message violated the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message was too big to process.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1010: the server did not negotiate an extension the client requires.
    public static let mandatoryExtensionMissing = WebSocketCloseCode(rawValue: 1010)
    /// 1011: the server met an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)

    /// Whether the code may appear in a close frame on the wire (RFC 6455 §7.4.1 and §7.4.2, and
    /// the codes 1012–1014 IANA registered since). 1005, 1006 and 1015 are reserved for reporting;
    /// a close frame carrying one of them, or an unassigned code, is a protocol error.
    package var isAllowedOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }

    /// The number, with its name when it has one ("1000 (normal closure)").
    public var description: String {
        let names: [UInt16: String] = [
            1000: "normal closure", 1001: "going away", 1002: "protocol error", 1003: "unsupported data",
            1005: "no status received", 1006: "abnormal closure", 1007: "invalid payload data",
            1008: "policy violation", 1009: "message too big", 1010: "mandatory extension missing",
            1011: "internal server error",
        ]
        return names[rawValue].map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
