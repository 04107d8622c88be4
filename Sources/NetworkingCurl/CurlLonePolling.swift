#if os(Linux)
    /// Whether a request alone in flight is waited for by polling before its task suspends
    /// (`CurlTransport.run`, `Configuration.busyPollInterval`): whichever way has been faster.
    ///
    /// Polling pays when it catches the transfer's end: on an idle machine a loopback server
    /// answers in tens of microseconds, and the poll saves waking the task. It does not pay when
    /// responses take longer than the poll (a distant server), and it costs time when the machine's
    /// other processors are busy (a polling thread makes the scheduler queue the loop and the
    /// server behind other work). So the policy keeps a moving average of how long lone requests
    /// took each way and picks the faster; every 16th lone request goes the other way so that both
    /// averages stay current, and none polls while responses take more than twice the poll.
    /// A value type: the transport keeps it under a lock.
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
