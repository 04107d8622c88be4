import Synchronization

/// The response metadata of a `RequestCompletion`, built the first time an observer reads it.
///
/// Building `ResponseMetadata` from an `HTTPURLResponse` (its header dictionary, bridged and
/// sorted) costs more than the rest of the completion together, and most completions are read
/// by observers that ignore successes (the default logger logs failures only).
final class LazyResponseMetadata: Sendable {
    private enum State {
        case pending(HTTPExchange?, NetworkingError?)
        case built(ResponseMetadata?)
    }

    private let state: Mutex<State>

    /// Metadata already built.
    init(_ metadata: ResponseMetadata?) { state = Mutex(.built(metadata)) }

    /// The metadata of `exchange`, else of `error`, built on first use.
    init(exchange: HTTPExchange?, error: NetworkingError?) { state = Mutex(.pending(exchange, error)) }

    var value: ResponseMetadata? {
        state.withLock { state in
            switch state {
            case .built(let metadata):
                return metadata
            case .pending(let exchange, let error):
                let metadata = exchange?.metadata ?? error?.responseMetadata
                state = .built(metadata)
                return metadata
            }
        }
    }
}
