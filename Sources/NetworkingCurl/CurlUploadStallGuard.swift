#if os(Linux)
    import CCurlShim

    /// Keeps an event loop from spinning on an upload the server gives no room for.
    ///
    /// libcurl 7.88 asks to be woken when the socket is writable for as long as a request body
    /// is left to send, even when HTTP/2 flow control forbids sending it (a server that never
    /// opens its window): the socket is always writable, so `curl_multi_poll` returns at once and
    /// the loop spins a whole core until the request times out. The guard notices the spin (many
    /// wake-ups in a row that came at once), pauses the sending side of each upload that has been
    /// idle meanwhile (`CURLPAUSE_SEND`: the response keeps arriving, the idle timeout keeps
    /// counting) and lets libcurl try again a little later; an upload the server takes again
    /// resumes at that try. The driver's only.
    struct CurlUploadStallGuard {
        /// How many wake-ups in a row, each at once, make a spin.
        static let spinWakeups = 64
        /// A wake-up this soon after the wait began came at once (nanoseconds).
        static let immediateNanoseconds: UInt64 = 200_000
        /// An upload idle this long while the loop spins is stalled (nanoseconds).
        static let stalledNanoseconds: UInt64 = 2_000_000
        /// How long a stalled upload's sending side stays paused before libcurl tries again.
        static let holdNanoseconds: UInt64 = 100_000_000

        private var immediateWakeups = 0
        /// The uploads whose sending side is paused, by easy-handle address, and until when.
        private var held: [UInt: (transfer: CurlTransfer, until: UInt64)] = [:]

        /// Notes a wake-up of the driver whose wait began at `waitedSince`; `ready` says whether
        /// a socket was ready. When the wake-ups say the loop spins, holds the stalled uploads
        /// among `active`.
        mutating func noteWakeup(waitedSince: UInt64, ready: Bool, active: some Sequence<CurlTransfer>) {
            let now = CurlClock.now()
            guard ready, now &- waitedSince < Self.immediateNanoseconds else {
                immediateWakeups = 0
                return
            }
            immediateWakeups += 1
            guard immediateWakeups >= Self.spinWakeups else { return }
            immediateWakeups = 0
            hold(active, now: now)
        }

        /// Pauses the sending side of each of `transfers` whose request body is partly unsent and
        /// that has been idle while the loop spun.
        private mutating func hold(_ transfers: some Sequence<CurlTransfer>, now: UInt64) {
            for transfer in transfers
            where !transfer.isPaused && !transfer.isSendPaused && now &- transfer.lastActivity > Self.stalledNanoseconds
                && transfer.hasUnsentBody
            {
                let key = Self.key(transfer)
                guard held[key] == nil else { continue }
                _ = ncurl_easy_pause(transfer.easy, NCURLPAUSE_SEND)
                held[key] = (transfer, now &+ Self.holdNanoseconds)
            }
        }

        /// Lets libcurl try again to send the held uploads whose time came; returns when the next
        /// one's does, if any is left.
        mutating func release(now: UInt64) -> UInt64? {
            var nearest: UInt64?
            for (key, entry) in held {
                if entry.until <= now {
                    held[key] = nil
                    _ = ncurl_easy_pause(
                        entry.transfer.easy, entry.transfer.isPaused ? NCURLPAUSE_RECV : NCURLPAUSE_CONT)
                } else {
                    nearest = min(nearest ?? .max, entry.until)
                }
            }
            return nearest
        }

        /// Forgets `transfer`, which left the multi handle.
        mutating func forget(_ transfer: CurlTransfer) {
            if !held.isEmpty { held[Self.key(transfer)] = nil }
        }

        private static func key(_ transfer: CurlTransfer) -> UInt {
            UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(transfer.easy)))
        }
    }
#endif
