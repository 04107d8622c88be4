#if canImport(Combine)
    import Combine
    import Foundation
    import Synchronization

    extension HTTPClientProtocol {
        /// A publisher that sends `request` when subscribed to and emits the decoded response
        /// once, or fails with the `NetworkingError`. Cancelling the subscription cancels the
        /// request.
        public func publisher<T: Decodable & Sendable, R: Endpoint>(
            for request: R, as type: T.Type = T.self
        ) -> AnyPublisher<T, NetworkingError> {
            Deferred {
                let running = Mutex<Task<Void, Never>?>(nil)
                return Future<T, NetworkingError> { promise in
                    // A Future's promise may be called from any thread, once.
                    nonisolated(unsafe) let promise = promise
                    let task = Task {
                        let result: Result<T, NetworkingError> = await self.send(request)
                        promise(result)
                    }
                    running.withLock { $0 = task }
                }
                .handleEvents(receiveCancel: { running.withLock { $0?.cancel() } })
            }
            .eraseToAnyPublisher()
        }
    }
#endif
