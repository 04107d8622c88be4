#if os(Linux)
    /// Whether a request alone in flight is waited for by polling before its task suspends
    /// (`CurlTransport.run`, `Configuration.busyPollInterval`).
    ///
    /// Polling pays only when it catches the transfer's end: on an idle machine a loopback server
    /// answers in tens of microseconds, and the poll saves waking the task. When it does not (a
    /// distant server, or a machine whose other processor is busy, where a polling thread makes the
    /// scheduler queue the loop and the server behind other work), each miss makes the next 1, 2,
    /// 4 … up to 64 lone requests suspend at once; a poll that catches its transfer resets that.
    /// A value type: the transport keeps it under a lock.
    struct CurlLonePolling: Sendable {
        /// The most lone requests that skip polling after a run of misses.
        static let maximumBackoff = 64

        /// Lone requests still to skip, and how many the next miss makes skip.
        private(set) var skipsLeft = 0
        private(set) var backoff = 1

        /// Whether this lone request polls (a skipped one counts down the backoff).
        mutating func shouldPoll() -> Bool {
            guard skipsLeft == 0 else {
                skipsLeft -= 1
                return false
            }
            return true
        }

        /// Records whether a poll caught its transfer's end.
        mutating func record(caught: Bool) {
            if caught {
                backoff = 1
            } else {
                skipsLeft = backoff
                backoff = min(backoff * 2, Self.maximumBackoff)
            }
        }
    }
#endif
