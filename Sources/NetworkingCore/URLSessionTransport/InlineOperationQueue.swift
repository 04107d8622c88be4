import Foundation

/// The delegate queue of `URLSessionTransport`'s session: it runs each block at once, on the
/// thread that adds it.
///
/// swift-corelibs-foundation adds every delegate call (response, each chunk of body, completion)
/// to the delegate queue from the session's own serial work queue, and waits for the answer to
/// the response before reading the body. With an ordinary `OperationQueue` each of those is a
/// wake-up of another thread and a context switch (about three per request more than
/// `data(for:)`, which completes inline); run inline, the calls keep their order (the work queue
/// is serial) and cost nothing extra.
///
/// Delegate methods running on this queue run on URLSession's work queue, so they must be quick,
/// must not block, and must not call `URLSessionTask.cancel()`, `suspend()` or a challenge's
/// completion handler synchronously (those wait for the work queue): hand such calls to another
/// queue (`SessionDelegate.offQueue`).
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    // @unchecked: no state of its own; OperationQueue itself is Sendable.

    override init() {
        super.init()
        name = "Networking.URLSessionTransport.inline"
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
