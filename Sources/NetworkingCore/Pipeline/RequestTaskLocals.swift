/// The task-local values a request's transfer reads: its options, its client's cookie jar and the
/// credential headers a cross-origin redirect strips. Work that leaves the request's task (a
/// detached task, which inherits no task-local value) captures them here and binds them again,
/// so that a value the request depends on is never lost on the way, whichever it is.
package struct RequestTaskLocals: Sendable {
    private let options: RequestOptions
    private let cookieJar: (any CookieJar)?
    private let sensitiveHeaders: [String]

    /// The values bound for the current task.
    package static var current: RequestTaskLocals {
        RequestTaskLocals(
            options: RequestOptions.current, cookieJar: RedirectHops.cookieJar,
            sensitiveHeaders: RedirectPolicy.additionalSensitiveHeaders)
    }

    /// Runs `operation` with these values bound.
    package func bind<T: Sendable>(_ operation: () async -> T) async -> T {
        await RedirectHops.$cookieJar.withValue(cookieJar) {
            await RedirectPolicy.$additionalSensitiveHeaders.withValue(sensitiveHeaders) {
                await RequestOptions.with(options, operation)
            }
        }
    }
}
