#if os(Linux)
    import CCurlShim
    import Glibc
    import Synchronization

    /// When a connection loop polls its epoll set without blocking before it sleeps: for a bounded
    /// interval after an owner said a reply is expected (a WebSocket consumer waits for a message),
    /// so that a reply within that interval is read without the kernel waking the loop thread.
    ///
    /// Only an expectation starts a poll, so idle connections cost nothing; a poll ends at the
    /// first event, and a window that ran out turns polling off until a reply comes within the
    /// interval again (the wake-up the loop slept through shows whether polling would have caught
    /// it), so a peer that answers late, or not at all, costs one window.
    ///
    /// `Sendable`: owners' threads call `expect`; everything else is the loop thread's.
    final class CurlConnectionBusyPoll: Sendable {
        /// When the expected reply's window ends (`CurlClock`), 0 when nothing is expected.
        private let expectedUntil = Atomic<UInt64>(0)
        /// Whether the last window caught its reply, or would have.
        private let pays = Atomic<Bool>(true)

        /// Notes that a reply is expected within `interval` nanoseconds (any thread); whether the
        /// loop should poll for it (then a sleeping loop must be woken to start).
        func expect(within interval: UInt64) -> Bool {
            guard interval > 0 else { return false }
            expectedUntil.store(CurlClock.now() &+ interval, ordering: .relaxed)
            return pays.load(ordering: .relaxed)
        }

        /// Polls `epoll` without blocking while a reply is expected and polling pays (loop
        /// thread), yielding the processor between polls. Returns the events it took into
        /// `tokens` and `flags`, 0 when `hasWork` turned true, `nil` when nothing is expected or
        /// the window ran out (then the loop sleeps).
        func poll(
            _ epoll: Int32, tokens: inout [UInt64], flags: inout [Int32], hasWork: () -> Bool
        ) -> Int? {
            let until = expectedUntil.load(ordering: .relaxed)
            guard until != 0, pays.load(ordering: .relaxed) else { return nil }
            while CurlClock.now() < until {
                if hasWork() { return 0 }
                let taken = ncurl_epoll_wait(epoll, &tokens, &flags, Int32(tokens.count), 0)
                if taken > 0 {
                    if tokens[0..<Int(taken)].contains(where: { $0 != 0 }) {
                        // Caught: the reply is in; nothing more is expected until someone says so.
                        _ = expectedUntil.compareExchange(expected: until, desired: 0, ordering: .relaxed)
                    }
                    return Int(taken)
                }
                sched_yield()  // the peer on this machine may be waiting for this processor
            }
            _ = expectedUntil.compareExchange(expected: until, desired: 0, ordering: .relaxed)
            pays.store(false, ordering: .relaxed)
            return nil
        }

        /// After a sleep that `taken` socket events ended (loop thread): polling pays again when
        /// one came within the window of the reply expected, and nothing is expected after it.
        func noteWakeup(tokens: [UInt64], taken: Int) {
            guard taken > 0, tokens[0..<taken].contains(where: { $0 != 0 }) else { return }
            let until = expectedUntil.load(ordering: .relaxed)
            if until != 0, CurlClock.now() < until {
                pays.store(true, ordering: .relaxed)
                _ = expectedUntil.compareExchange(expected: until, desired: 0, ordering: .relaxed)
            }
        }
    }
#endif
