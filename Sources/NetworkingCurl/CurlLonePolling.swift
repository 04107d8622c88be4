#if os(Linux)
    /// Whether a request alone in flight is run by its sending thread, which looks at the socket
    /// without blocking until the response comes (`CurlEventLoop.drive`,
    /// `Configuration.loneRequestInterval`), or handed to the event-loop thread while its task
    /// suspends: whichever has been faster.
    ///
    /// Running it on the sending thread pays when the response comes within the interval: on a
    /// loopback server that is tens of microseconds, and it saves both thread hand-overs. It does
    /// not pay when responses take longer (a distant server: the thread looked for nothing, then
    /// handed over anyway), nor where looking turns out slower for other reasons. So
    /// the policy keeps a moving average of how long lone requests took each way and picks the
    /// faster; every 16th lone request goes the other way so that both averages stay current, and
    /// none runs on its thread while responses take more than twice the interval. ("Polls" below
    /// means "runs on the sending thread".) A value type: the transport keeps it under a lock.
    struct CurlLonePolling: Sendable {
        /// Every how many lone requests one goes the other way.
        static let explorationInterval = 16

        /// A moving average of durations in nanoseconds (each new one weighs 1/8).
        struct Average: Sendable {
            private(set) var value: UInt64 = 0
            private(set) var isKnown = false

            mutating func add(_ sample: UInt64) {
                value = isKnown ? value - value / 8 + sample / 8 : sample
                isKnown = true
            }
        }

        private(set) var polled = Average()
        private(set) var waited = Average()
        private var count = 0

        /// Whether this lone request polls, for at most `limit` nanoseconds.
        mutating func shouldPoll(limit: UInt64) -> Bool {
            count &+= 1
            let explores = count % Self.explorationInterval == 0
            let prefersPolling: Bool
            if !polled.isKnown {
                prefersPolling = true
            } else if !waited.isKnown {
                prefersPolling = false
            } else {
                prefersPolling = polled.value < waited.value && waited.value <= 2 * limit
            }
            return prefersPolling != explores
        }

        /// Records how long a lone request took, and whether it polled (polling for at most
        /// `limit`). A duration counts as at most four times `limit`: that is slow enough to stop
        /// polling, and one long transfer (a stream, a download) does not outweigh the requests
        /// around it for long.
        mutating func record(polled didPoll: Bool, nanoseconds: UInt64, limit: UInt64) {
            let sample = min(nanoseconds, 4 * limit)
            if didPoll {
                polled.add(sample)
            } else {
                waited.add(sample)
            }
        }
    }
#endif
