import Foundation

/// One event of a `text/event-stream` (Server-Sent Events).
public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
    /// The event type: the last `event:` field of the block, or `"message"` when it had none.
    public var event: String
    /// The `data:` fields of the block joined with `"\n"`.
    public var data: String
    /// The last event ID when the event was dispatched (it persists across events until an `id:`
    /// field changes it); `nil` when none was set or it was reset with an empty `id:`.
    public var id: String?
    /// The reconnection time in milliseconds, when the event's block carried a `retry:` field.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event's type, ID, retry time and data, for logs and test failures.
    public var description: String {
        var text = "event: \(event)"
        if let id { text += " id: \(id)" }
        if let retry { text += " retry: \(retry)" }
        return text + " data: \(data)"
    }
}
