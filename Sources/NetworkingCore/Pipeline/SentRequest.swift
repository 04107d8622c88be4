import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request the pipeline has sent, with its status checked, whose observers have not been told yet
/// how it ended: a 2xx exchange waits for the caller to decode it, then `complete(_:)` tells them.
/// A front door that decodes in its caller's isolation receives one (`Pipeline.sendUndecoded`) and
/// decodes it there.
///
/// Not generic, so that a caller decoding in generic code that runs unspecialised (a public
/// generic verb called from another module) holds no `T?` and no closure capturing one.
@usableFromInline
package struct SentRequest: Sendable {
    /// The response, when one came.
    @usableFromInline package let exchange: HTTPExchange?
    /// Why the request failed before decoding: the transport's error, or `.http` for a status other
    /// than 2xx (with `exchange`).
    @usableFromInline package let failure: NetworkingError?
    private let observation: RequestObservation?

    /// The outcome of sending a request that `observation` watches. `check` says why the final
    /// response fails the request (`nil` when it does not) for a request that wants another status
    /// than a 2xx (an opening handshake wants 101); without one, any status but a 2xx is `.http`.
    init(
        _ sent: consuming Result<HTTPExchange, NetworkingError>, observation: RequestObservation?,
        check: (@Sendable (HTTPExchange) -> NetworkingError?)? = nil
    ) {
        switch consume sent {
        case .success(let received):
            exchange = received
            if let check {
                failure = check(received)
            } else {
                failure = received.isSuccess ? nil : .http(HTTPError(metadata: received.metadata))
            }
        case .failure(let error):
            exchange = nil
            failure = error
        }
        self.observation = observation
    }

    /// Tells the observers how the request ended: its `failure`, else `decodingFailure` (`nil` for
    /// a request whose body was decoded).
    @usableFromInline
    package func complete(_ decodingFailure: NetworkingError?) {
        observation?.complete(failure ?? decodingFailure, exchange: exchange)
    }

    /// The value `decode` makes of a 2xx exchange, or why there is none; the observers are told.
    @inlinable
    package func decoded<T>(with decode: (HTTPExchange) throws(NetworkingError) -> T) -> Result<T, NetworkingError> {
        guard let exchange, failure == nil else {
            complete(nil)
            return .failure(failure ?? .invalidResponse)
        }
        do throws(NetworkingError) {
            let value = try decode(exchange)
            complete(nil)
            return .success(value)
        } catch {
            complete(error)
            return .failure(error)
        }
    }

    /// The response of a request sent with its body left arriving: a 2xx head with its body, which
    /// tells the observers how the request ended when it ends, is cancelled or fails; else why
    /// there is none (the observers are told at once).
    package func streamed() throws(NetworkingError) -> TransportResponse {
        guard let exchange, failure == nil else {
            complete(nil)
            throw failure ?? .invalidResponse
        }
        // A response an interceptor made up, or one a transport handed over whole, has its body.
        let body = exchange.arrivingBody ?? ResponseBodyStream(data: exchange.body, trailers: exchange.trailers)
        let headOnly = HTTPExchange(request: exchange.request, head: exchange.head, body: Data())
        let observation = observation
        // The handler must not capture the stream: it would keep it alive, and a stream nobody
        // holds any more must cancel its transfer.
        body.onTermination { termination in
            switch termination {
            case .finished(let count): observation?.complete(nil, exchange: headOnly, bytes: count)
            case .failed(let error, let count): observation?.complete(error, exchange: headOnly, bytes: count)
            }
        }
        return TransportResponse(
            request: exchange.request, head: exchange.head, stream: body, metrics: exchange.metrics)
    }
}
