#if canImport(Darwin)
    import Foundation

    // The app's side of background sessions, on Apple platforms alone: the completion handler the
    // system gives the app with the events of a background session, called once the session has
    // delivered them all. Everything else of background sessions is shared code
    // (URLSessionTransport+Background.swift), tested on Linux.

    extension URLSessionTransport {
        /// Hands over the completion handler the app received in
        /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`; it is called on
        /// the main queue once the session has delivered all its events.
        public func setBackgroundEventsCompletionHandler(_ handler: @escaping @Sendable () -> Void) {
            delegate.backgroundEventsHandler.withLock { $0 = handler }
        }
    }

    extension SessionDelegate {
        // URLSessionDelegate: `optional func urlSessionDidFinishEvents(forBackgroundURLSession session:
        // URLSession)`, iOS 7.0+, macOS 11.0+, tvOS 9.0+, watchOS 2.0+, visionOS 1.0+ — developer.apple.com/
        // documentation/foundation/urlsessiondelegate/urlsessiondidfinishevents(forbackgroundurlsession:)
        func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            let handler = backgroundEventsHandler.withLock { handler in
                defer { handler = nil }
                return handler
            }
            guard let handler else { return }
            DispatchQueue.main.async { handler() }
        }
    }
#endif
