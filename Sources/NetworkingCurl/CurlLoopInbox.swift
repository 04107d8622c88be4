#if os(Linux)
    /// What other threads ask of a `CurlEventLoop`, and who drives its multi handle: the state
    /// shared between the loop thread, the senders and a sender that drives its own request.
    ///
    /// A value type, kept under the loop's lock; each method is one step of the hand-over, so that
    /// the state machine can be tested on its own (`CurlLoopInboxTests`).
    struct CurlLoopInbox<Transfer> {
        /// Who may call into the multi handle (one thread at a time, as libcurl requires).
        enum Driver: Equatable {
            /// The loop thread: running, or sleeping in poll (then `sleeping` is set).
            case loopThread
            /// Nobody: nothing is in flight and the loop thread waits to be unparked.
            case parked
            /// A sender that found the loop parked and runs its lone request itself
            /// (`CurlEventLoop.drive`).
            case caller
        }

        /// What a poster must do after adding work.
        enum Wake: Equatable {
            case none
            /// Interrupt the driver's poll (`curl_multi_wakeup`).
            case interruptPoll
            /// Unpark the loop thread, which now drives.
            case unpark
        }

        /// What the driver does when a pass found nothing more to do.
        enum Rest: Equatable {
            /// New work arrived: make another pass.
            case work
            /// Sleep in poll until a socket event, a timer or `interruptPoll`.
            case poll
            /// Nothing in flight: the loop thread parks (only the loop thread ever parks).
            case park
        }

        var added: [Transfer] = []
        var cancelled: [Transfer] = []
        var unpaused: [Transfer] = []
        var stopping = false
        private(set) var driver = Driver.loopThread
        /// The driver is (about to be) blocked in poll and needs `interruptPoll` to see new work.
        private(set) var sleeping = false

        var hasWork: Bool { !added.isEmpty || !cancelled.isEmpty || !unpaused.isEmpty || stopping }

        /// Called after adding work: a parked loop is unparked (and drives from now on); the loop
        /// thread asleep in poll is interrupted, by the first poster only. (A driving sender never
        /// sleeps: it sees the work at its next look.)
        mutating func wake() -> Wake {
            if driver == .parked {
                driver = .loopThread
                return .unpark
            }
            guard sleeping else { return .none }
            sleeping = false
            return .interruptPoll
        }

        /// The loop thread, at the end of a pass: what next, given whether any transfer is in the
        /// multi handle.
        mutating func rest(isIdle: Bool) -> Rest {
            if hasWork { return .work }
            if isIdle {
                driver = .parked
                return .park
            }
            sleeping = true
            return .poll
        }

        /// The loop thread woke from poll.
        mutating func awake() { sleeping = false }

        /// A sender with a lone request: takes the multi handle if the loop is parked with nothing
        /// to do.
        mutating func claim() -> Bool {
            guard driver == .parked, !hasWork else { return false }
            driver = .caller
            return true
        }

        /// A driving sender is done: the loop thread takes over when anything is left to do
        /// (returns `true`: unpark it), otherwise the loop stays parked.
        mutating func release(isIdle: Bool) -> Bool {
            precondition(driver == .caller, "CurlLoopInbox.release() without claim()")
            sleeping = false
            if hasWork || !isIdle {
                driver = .loopThread
                return true
            }
            driver = .parked
            return false
        }

        /// Takes the work posted so far (`stopping` stays set).
        mutating func take() -> (added: [Transfer], cancelled: [Transfer], unpaused: [Transfer], stopping: Bool) {
            defer {
                added.removeAll(keepingCapacity: true)
                cancelled.removeAll(keepingCapacity: true)
                unpaused.removeAll(keepingCapacity: true)
            }
            return (added, cancelled, unpaused, stopping)
        }
    }
#endif
