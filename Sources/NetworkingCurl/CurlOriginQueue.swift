#if os(Linux)
    /// The transfers of each origin in a loop's multi handle, and those waiting, in order, for one
    /// of the origin's connections: the queue in front of `maximumConnectionsPerHost`.
    ///
    /// libcurl can queue by itself (`CURLMOPT_MAX_HOST_CONNECTIONS`), but in 7.88 a transfer
    /// waiting for a connection goes back in line whenever a newer one takes the connection that
    /// freed up first, and every waiting transfer is looked at again at each completion: under a
    /// steady load, some requests wait far longer than their turn and the loop spends CPU on the
    /// line. So the loop adds a transfer to the multi handle only when its origin has a
    /// connection for it, and keeps the rest here, first come, first served. Origins whose
    /// requests HTTP/2 may multiplex are not queued here: they share connections, which libcurl
    /// counts itself.
    ///
    /// A value type owned by the loop's driver, so that the rules can be tested on their own.
    struct CurlOriginQueue<Transfer: AnyObject> {
        /// The most transfers of one origin in the multi handle at once.
        let limit: Int
        /// Transfers in the multi handle, by origin.
        private var running: [String: Int] = [:]
        /// Transfers waiting, by origin, oldest first; an origin with no one waiting has no line.
        private var waiting: [String: ArraySlice<Transfer>] = [:]
        /// How many transfers wait, over every origin.
        private(set) var waitingCount = 0

        init(limit: Int) { self.limit = limit }

        /// Whether `transfer` to `origin` may enter the multi handle now; when it may not, it
        /// waits for `finished(origin:)` to hand it out.
        mutating func admit(_ transfer: Transfer, origin: String) -> Bool {
            let count = running[origin, default: 0]
            if count < limit, waiting[origin] == nil {
                running[origin] = count + 1
                return true
            }
            waiting[origin, default: []].append(transfer)
            waitingCount += 1
            return false
        }

        /// A transfer of `origin` left the multi handle: the next one waiting for that origin,
        /// which may enter it now (it counts as running), or `nil`.
        mutating func finished(origin: String) -> Transfer? {
            if let next = waiting[origin]?.popFirst() {
                if waiting[origin]?.isEmpty == true { waiting[origin] = nil }
                waitingCount -= 1
                return next
            }
            let count = running[origin, default: 1] - 1
            running[origin] = count > 0 ? count : nil
            return nil
        }

        /// Takes a waiting `transfer` out of its line (cancelled, or past its deadline); `false`
        /// when it was not waiting.
        mutating func remove(_ transfer: Transfer, origin: String) -> Bool {
            guard let index = waiting[origin]?.firstIndex(where: { $0 === transfer }) else { return false }
            waiting[origin]?.remove(at: index)
            if waiting[origin]?.isEmpty == true { waiting[origin] = nil }
            waitingCount -= 1
            return true
        }

        /// Calls `body` with every waiting transfer, by origin, oldest first.
        func forEachWaiting(_ body: (Transfer) -> Void) {
            for line in waiting.values { line.forEach(body) }
        }

        /// Every waiting transfer, by origin, oldest first.
        var allWaiting: [Transfer] { waiting.values.flatMap { $0 } }
    }
#endif
