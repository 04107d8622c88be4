#if os(Linux)
    import CCurlShim
    import Foundation
    import Synchronization

    /// One libcurl multi handle, with its connection pool, driven by one dedicated thread.
    ///
    /// A multi handle is not thread-safe, so one thread at a time calls into it (add, remove,
    /// perform, poll): the loop's own `Thread`, never Swift's cooperative pool, where a blocking
    /// poll would starve other tasks, with one exception. When nothing is in flight the loop
    /// thread parks, and a sender with a lone request may claim the handle for one pass of
    /// libcurl (`drive(_:)`), which puts the request on the warm connection at once, before it
    /// hands the transfer to the loop thread. Other threads only append to the inbox under its lock and wake the driver
    /// (`curl_multi_wakeup`, the one multi call libcurl allows from any thread, or unparking the
    /// loop thread). Easy handles are configured by the sending task before submission and read
    /// back by it after completion, so the driver does as little per request as possible.
    ///
    /// `@unchecked Sendable`: `active`, `ended` and `resumptions`, and every call on `multi` but `curl_multi_wakeup`, belong to the inbox's
    /// `driver` (the loop thread, or the sender that claimed the handle), which changes only under
    /// the inbox lock, so each driver sees what the previous one wrote; `spinsBeforeSleeping` is
    /// the loop thread's own;
    /// `inbox` and `idleHandles` are guarded by locks, `unparked` by `parking`; `inFlight` is
    /// atomic.
    final class CurlEventLoop: @unchecked Sendable {
        private let multi: OpaquePointer
        /// Transfers submitted and not yet handed back (a hint for `CurlTransport.run`).
        private let inFlight = Atomic<Int>(0)
        private let inbox = CurlLock(CurlLoopInbox<CurlTransfer>())
        /// Where the loop thread waits while parked, and whether it was unparked since.
        private let parking = NSCondition()
        private var unparked = false
        /// Transfers in the multi handle, by easy-handle address. The driver's only.
        private var active: [UInt: CurlTransfer] = [:]
        /// Transfers waiting for a connection of their origin, and how many each origin runs.
        /// The driver's only.
        private var waiting: CurlOriginQueue<CurlTransfer>
        /// Transfers that ended in this pass of the loop, resumed together at its end. The
        /// driver's only.
        private var ended: [(transfer: CurlTransfer, outcome: CurlTransfer.Outcome)] = []
        /// The continuations `resumeEnded` resumes once it has released the lock. The driver's only.
        private var resumptions: [(UnsafeContinuation<CurlTransfer.Outcome, Never>, CurlTransfer.Outcome)] = []
        /// Easy handles from finished transfers, ready for reuse, and whether each still holds the
        /// options set once per handle (`CurlTransfer.configureHandle`); each is attached to no
        /// multi handle, and whoever takes one out is its only user.
        private let idleHandles = CurlLock<[(easy: OpaquePointer, isConfigured: Bool)]>([])
        private static let maximumIdleHandles = 64
        /// How many connections a loop with no connection limit keeps once they are idle.
        private static let unlimitedPoolSize = 4096
        /// The longest a driver sleeps in poll before it looks at idle timeouts again.
        private static let longestPollMilliseconds: Int32 = 1000
        /// How long the loop polls without blocking before it sleeps while transfers are in flight
        /// (`Configuration.busyPollInterval`).
        let busyPollNanoseconds: UInt64
        /// Whether the loop busy-polls before it sleeps while transfers are in flight: only while
        /// their events keep arriving within the interval (a spin that caught nothing, or a sleep
        /// that lasted longer, turns it off until a short sleep turns it back on), so that a loop
        /// whose server answers in milliseconds wastes no CPU. Loop thread only.
        private var spinsBeforeSleeping: Bool
        /// Uploads paused while the server gives them no room (see the guard). The driver's only.
        private var stallGuard = CurlUploadStallGuard()

        /// A loop whose pool opens at most `perHost` connections to an origin and `total` in all
        /// (`0`: no limit), and keeps `total` open once their transfers are done (a generous
        /// number when there is no limit: libcurl's own default closes idle connections whenever
        /// fewer transfers are running).
        init(perHost: Int, total: Int, busyPollNanoseconds: UInt64 = 0) throws(CurlUnavailableError) {
            guard let multi = ncurl_multi_init() else { throw CurlUnavailableError(reason: "curl_multi_init failed") }
            self.multi = multi
            self.waiting = CurlOriginQueue(limit: perHost)
            self.busyPollNanoseconds = busyPollNanoseconds
            self.spinsBeforeSleeping = busyPollNanoseconds > 0
            if perHost > 0 { _ = ncurl_multi_setopt_long(multi, NCURLMOPT_MAX_HOST_CONNECTIONS, perHost) }
            if total > 0 { _ = ncurl_multi_setopt_long(multi, NCURLMOPT_MAX_TOTAL_CONNECTIONS, total) }
            _ = ncurl_multi_setopt_long(multi, NCURLMOPT_MAXCONNECTS, total > 0 ? total : Self.unlimitedPoolSize)
            let thread = Thread { [self] in run() }
            thread.name = "NetworkingCurl"
            thread.start()
        }

        deinit {
            for handle in idleHandles.withLock({ $0 }) { ncurl_easy_cleanup(handle.easy) }
        }

        // MARK: - Any thread

        /// An easy handle, reused when one is idle; `isConfigured` says whether it still holds the
        /// options of this loop's transport that are set once per handle.
        func makeHandle() -> (easy: OpaquePointer, isConfigured: Bool)? {
            if let handle = idleHandles.withLock({ $0.popLast() }) { return handle }
            return ncurl_easy_init().map { ($0, false) }
        }

        /// Takes back a handle whose transfer is over (or was never submitted). After a transfer
        /// that finished cleanly the handle keeps its options: the next transfer sets every
        /// per-request option again, and libcurl starts each transfer's own state afresh. Any other
        /// handle (failed, cancelled, paused or never submitted) is reset to libcurl's defaults, so
        /// nothing of an interrupted transfer can carry over.
        func recycle(_ handle: OpaquePointer, keepsOptions: Bool) {
            if keepsOptions {
                // The finished transfer owned these; the handle must not point at them once it is gone.
                _ = ncurl_easy_setopt_pointer(handle, NCURLOPT_HTTPHEADER, nil)
                _ = ncurl_easy_setopt_pointer(handle, NCURLOPT_ERRORBUFFER, nil)
                _ = ncurl_easy_set_transfer_notes(handle, nil)
            } else {
                ncurl_easy_reset(handle)
            }
            let kept = idleHandles.withLock { handles -> Bool in
                guard handles.count < Self.maximumIdleHandles else { return false }
                handles.append((handle, keepsOptions))
                return true
            }
            if !kept { ncurl_easy_cleanup(handle) }
        }

        /// Cleans up a handle whose transfer is over and that must not be reused.
        func discard(_ handle: OpaquePointer) { ncurl_easy_cleanup(handle) }

        /// Starts `transfer`; when it ends, the loop hands its outcome over (`CurlTransfer.end`).
        func submit(_ transfer: CurlTransfer) {
            inFlight.add(1, ordering: .relaxed)
            post { $0.added.append(transfer) }
        }

        /// Transfers submitted and not yet handed back (a hint: it changes as it is read).
        var transfersInFlight: Int { inFlight.load(ordering: .relaxed) }

        /// Stops `transfer` if it is still running; it then ends with `.cancelled`.
        func cancel(_ transfer: CurlTransfer) {
            transfer.cancelRequested.store(true, ordering: .sequentiallyConsistent)
            post { $0.cancelled.append(transfer) }
        }

        /// Resumes `transfer` if its write callback paused it (a reader caught up) or its read
        /// callback did (the next chunk of its body is ready); the `curl_easy_pause` call happens
        /// on the loop's driver.
        func unpause(_ transfer: CurlTransfer) { post { $0.unpaused.append(transfer) } }

        /// Adds work to the inbox and wakes its driver if it sleeps (only the first poster does).
        private func post(_ work: (inout CurlLoopInbox<CurlTransfer>) -> Void) {
            let wake = inbox.withLock { inbox in
                work(&inbox)
                return inbox.wake()
            }
            switch wake {
            case .none: break
            case .interruptPoll: _ = ncurl_multi_wakeup(multi)
            case .unpark: unpark()
            }
        }

        /// Ends the loop: transfers still running end with `.cancelled`, the thread exits and
        /// the multi handle is cleaned up.
        func stop() { post { $0.stopping = true } }

        // MARK: - A sender alone in flight

        /// Starts `transfer` on the calling thread if the loop is parked (nothing in flight): one
        /// pass of libcurl, which sends the request at once on a warm connection, then the loop
        /// thread takes the transfer over while the caller suspends, so the request is already
        /// out while the loop thread wakes up. The calling thread, one of Swift's cooperative
        /// pool, never waits or polls. Returns `false`, having done nothing, when the loop is
        /// busy: then `submit` the transfer. Returns `true` when it started the transfer: it has
        /// either ended (its outcome is in `transfer.outcomeIfEnded()`) or is the loop thread's
        /// now, which ends it as if it had been submitted.
        func drive(_ transfer: CurlTransfer) -> Bool {
            guard inbox.withLock({ $0.claim() }) else { return false }
            inFlight.add(1, ordering: .relaxed)
            start(transfer)
            _ = pass()
            let isIdle = active.isEmpty
            if inbox.withLock({ $0.release(isIdle: isIdle) }) { unpark() }
            return true
        }

        // MARK: - Loop thread

        private func run() {
            while let timeout = pass() {
                let idleSince = CurlClock.now()
                // Only transfers in flight are polled for. Idle, the loop parks at once, even for a
                // sender it just resumed: that sender's next request, alone, finds the loop parked
                // and drives itself (`drive`), whose one pass often brings the response as well,
                // with no thread handing anything over; polling for it would catch it on this
                // thread instead, and hand its response back across threads.
                if spinsBeforeSleeping, !active.isEmpty, busyPoll(until: idleSince &+ busyPollNanoseconds) {
                    continue
                }
                let isIdle = active.isEmpty
                switch inbox.withLock({ $0.rest(isIdle: isIdle) }) {
                case .work:
                    continue
                case .park:
                    park()
                case .poll:
                    var ready: Int32 = 0
                    let waitedSince = CurlClock.now()
                    _ = ncurl_multi_poll(multi, timeout, &ready)
                    inbox.withLock { $0.awake() }
                    stallGuard.noteWakeup(waitedSince: waitedSince, ready: ready > 0, active: active.values)
                    // Busy-poll next time only if that would have caught this wake-up.
                    spinsBeforeSleeping = pollingWouldCatch(awaitedSince: idleSince)
                }
            }
            for transfer in Array(active.values) { end(transfer, .cancelled) }
            for transfer in waiting.allWaiting { resume(transfer, .cancelled) }
            for transfer in inbox.withLock({ $0.added }) { ended.append((transfer, .cancelled)) }
            resumeEnded()
            _ = ncurl_multi_cleanup(multi)
        }

        /// One pass of whoever drives: starts, cancels and unpauses what was posted, lets libcurl
        /// move every transfer along, ends the finished and the idle-expired ones and hands their
        /// outcomes over. Returns how long the driver may then sleep in poll (milliseconds), or
        /// `nil` once the loop is stopping (only the loop thread then ends the rest).
        private func pass() -> Int32? {
            let (added, cancelled, unpaused, stopping) = inbox.withLock { $0.take() }
            for transfer in added { start(transfer) }
            for transfer in cancelled {
                if active[key(transfer.easy)] === transfer {
                    end(transfer, .cancelled)
                } else if let origin = transfer.origin, waiting.remove(transfer, origin: origin) {
                    resume(transfer, .cancelled)  // it leaves its line at once
                }
            }
            // Both directions resume together: a callback whose side is still not ready (a reader
            // still behind, no next chunk yet) pauses it again at once.
            for transfer in unpaused
            where (transfer.isPaused || transfer.isSendPaused) && active[key(transfer.easy)] === transfer {
                transfer.isPaused = false
                transfer.isSendPaused = false
                transfer.lastActivity = CurlClock.now()
                _ = ncurl_easy_pause(transfer.easy, NCURLPAUSE_CONT)  // may deliver (and pause) at once
            }
            if stopping { return nil }
            var running: Int32 = 0
            _ = ncurl_multi_perform(multi, &running)
            let waitingBefore = waiting.waitingCount
            endFinished()
            if waiting.waitingCount < waitingBefore {
                // Transfers that ended let the next of their origins' lines in: one more perform
                // sends those requests now, as libcurl's own line would, rather than after the
                // driver's next wake-up.
                _ = ncurl_multi_perform(multi, &running)
                endFinished()
            }
            let timeout = expireIdleTransfers()
            resumeEnded()
            return timeout
        }

        /// Ends the transfers libcurl reports finished.
        private func endFinished() {
            var code: Int32 = 0
            while let easy = ncurl_multi_next_done(multi, &code) {
                guard let transfer = active[key(easy)] else { continue }
                if code == NCURLE_OK { transfer.noteSerialConnection() }
                end(transfer, .finished(code))
            }
        }

        /// Waits, off the multi handle, until a poster or a releasing sender unparks the loop.
        private func park() {
            parking.lock()
            while !unparked { parking.wait() }
            unparked = false
            parking.unlock()
        }

        private func unpark() {
            parking.lock()
            unparked = true
            parking.signal()
            parking.unlock()
        }

        /// Polls without blocking until `deadline` before the loop thread sleeps (see
        /// `Configuration.busyPollInterval`). Returns `true` at the first socket event or new work
        /// in the inbox (posters do not wake a driver that is not sleeping), `false` when the time
        /// ran out.
        private func busyPoll(until deadline: UInt64) -> Bool {
            repeat {
                if inbox.withLock({ $0.hasWork }) { return true }
                if !active.isEmpty {
                    var ready: Int32 = 0
                    _ = ncurl_multi_poll(multi, 0, &ready)
                    stallGuard.noteWakeup(waitedSince: CurlClock.now(), ready: ready > 0, active: active.values)
                    if ready > 0 { return true }
                }
                sched_yield()  // a server on this machine may be waiting for this processor
            } while CurlClock.now() < deadline
            return false
        }

        /// The rule both drivers poll by: next time only if polling would have caught this wake-up,
        /// awaited since `start` (a server that answers later costs no polling).
        private func pollingWouldCatch(awaitedSince start: UInt64) -> Bool {
            busyPollNanoseconds > 0 && CurlClock.now() &- start < busyPollNanoseconds
        }

        private func key(_ easy: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(easy))) }

        private func start(_ transfer: CurlTransfer) {
            if transfer.cancelRequested.load(ordering: .sequentiallyConsistent) {
                resume(transfer, .cancelled)
                return
            }
            transfer.lastActivity = CurlClock.now()
            if let origin = transfer.origin, !waiting.admit(transfer, origin: origin) {
                transfer.queuedAt = transfer.lastActivity
                return
            }
            enter(transfer)
        }

        /// Adds `transfer`, admitted by its origin's line, to the multi handle.
        private func enter(_ transfer: CurlTransfer) {
            transfer.startedAt = CurlClock.now()
            let code = ncurl_multi_add_handle(multi, transfer.easy)
            guard code == 0 else {
                if let origin = transfer.origin, let next = waiting.finished(origin: origin) { enter(next) }
                resume(transfer, .rejected(code))
                return
            }
            active[key(transfer.easy)] = transfer
        }

        /// Takes `transfer` out of the multi handle, lets the next of its origin's line in, and
        /// hands `outcome` over.
        private func end(_ transfer: CurlTransfer, _ outcome: CurlTransfer.Outcome) {
            _ = ncurl_multi_remove_handle(multi, transfer.easy)
            active[key(transfer.easy)] = nil
            stallGuard.forget(transfer)
            if let origin = transfer.origin, let next = waiting.finished(origin: origin) { enter(next) }
            resume(transfer, outcome)
        }

        private func resume(_ transfer: CurlTransfer, _ outcome: CurlTransfer.Outcome) {
            ended.append((transfer, outcome))
        }

        /// Resumes the sending tasks of the transfers that ended in this pass, each exactly once.
        private func resumeEnded() {
            guard !ended.isEmpty else { return }
            // Counted out before the hand-over, so that a sender that sees its outcome also sees the
            // loop as free again (and places its next request here, on the warm connection).
            inFlight.subtract(ended.count, ordering: .relaxed)
            for (transfer, outcome) in ended {
                if let continuation = transfer.end(with: outcome) { resumptions.append((continuation, outcome)) }
            }
            ended.removeAll(keepingCapacity: true)
            for (continuation, outcome) in resumptions { continuation.resume(returning: outcome) }
            resumptions.removeAll(keepingCapacity: true)
        }

        /// Ends the transfers idle past their timeout, and those past their deadline (libcurl
        /// does not end a transfer that waits for a connection, behind a connection limit, until
        /// it has one); returns how long the loop may sleep.
        private func expireIdleTransfers() -> Int32 {
            guard !active.isEmpty else { return Self.longestPollMilliseconds }
            let now = CurlClock.now()
            var nearest = stallGuard.release(now: now) ?? .max
            var expired: [(CurlTransfer, CurlTransfer.Outcome)] = []
            func check(_ transfer: CurlTransfer) {
                if transfer.deadline > 0 {
                    if transfer.deadline <= now { return expired.append((transfer, .totalTimeout)) }
                    nearest = min(nearest, transfer.deadline)
                }
                guard transfer.idleTimeout > 0, !transfer.isPaused, !transfer.isSendPaused else { return }
                let idleDeadline = transfer.lastActivity &+ transfer.idleTimeout
                if idleDeadline <= now {
                    expired.append((transfer, .idleTimeout))
                } else {
                    nearest = min(nearest, idleDeadline)
                }
            }
            for transfer in active.values { check(transfer) }
            if waiting.waitingCount > 0 { waiting.forEachWaiting(check) }
            for (transfer, outcome) in expired {
                if active[key(transfer.easy)] === transfer {
                    end(transfer, outcome)
                } else if let origin = transfer.origin, waiting.remove(transfer, origin: origin) {
                    resume(transfer, outcome)
                }
            }
            guard nearest != .max else { return Self.longestPollMilliseconds }
            let milliseconds = (nearest - now + 999_999) / 1_000_000
            return Int32(min(milliseconds, UInt64(Self.longestPollMilliseconds)))
        }
    }
#endif
