#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore
    import Synchronization

    /// The threads that open and serve the process's `CurlConnection`s (WebSockets): a few loops,
    /// each one thread with one epoll set, however many connections there are.
    ///
    /// A loop connects with libcurl (`CURLOPT_CONNECT_ONLY` transfers in multi handles, which keep
    /// one loaded CA store for all their connections and never block), then waits for the sockets
    /// of open connections in its epoll set, which it adds to libcurl's own poll, and calls a
    /// connection's owner (`CurlConnection.serve`) when its socket is ready, when another thread
    /// woke it, or at the deadline it asked for. An open connection costs one descriptor, its
    /// socket. The loops are the HTTP transport's kind of loop, apart from its own: a WebSocket's
    /// traffic never delays a request's, and a lone request keeps the fast path of a loop with
    /// nothing in flight.
    ///
    /// libcurl finds a handed-over connection by searching its multi handle's pool on every send
    /// and receive, so a multi handle takes at most `connectionsPerHandle` connections; the next
    /// ones open in another.
    ///
    /// The loop sleeps in `epoll_wait` while no connect is under way, and in libcurl's poll, with
    /// the epoll set beside libcurl's sockets, while one is; posters wake it through an eventfd in
    /// the epoll set, which wakes either.
    ///
    /// `@unchecked Sendable`: `entries`, `handles`, `timers` and `again`, and every libcurl call,
    /// belong to the loop thread; other threads only post to `inbox`, under its lock, and signal
    /// `wakeUp`.
    package final class CurlConnectionLoop: @unchecked Sendable {
        /// How many loops the process runs: one per processor, at most four.
        static let loops: [CurlConnectionLoop] = (0..<min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4))
            .map { _ in CurlConnectionLoop() }
        private static let nextLoop = Atomic<Int>(0)
        /// Connections opened or opening and not yet released, in this process (tests count them).
        package static let liveConnections = Atomic<Int>(0)
        static let connectionsPerHandle = 256

        /// The loop for a new connection, in turn.
        static func next() -> CurlConnectionLoop {
            loops[nextLoop.add(1, ordering: .relaxed).oldValue % loops.count]
        }

        /// A multi handle and what it holds.
        private final class Handle {
            let multi: OpaquePointer
            var connections = 0
            var connecting = 0
            init(multi: OpaquePointer) { self.multi = multi }
        }

        private struct Inbox {
            var opening: [CurlConnection] = []
            var woken: [CurlConnection] = []
            /// The loop thread sleeps (or is about to): a poster signals `wakeUp`.
            var sleeping = false
            var hasWork: Bool { !opening.isEmpty || !woken.isEmpty }
        }

        private let inbox = CurlLock(Inbox())
        private let tokens = Atomic<UInt64>(0)
        /// The epoll set of open connections' sockets and `wakeUp` (`-1` when the system gave none).
        private let epoll: Int32
        /// The eventfd posters signal, in the epoll set under the token 0.
        private let wakeUp: Int32
        /// Connections opening or open, by token. The loop thread's only.
        private var entries: [UInt64: (connection: CurlConnection, handle: Handle)] = [:]
        /// Connections still connecting, by easy-handle address. The loop thread's only.
        private var connecting: [UInt: CurlConnection] = [:]
        /// Multi handles; the last one takes new connections. The loop thread's only.
        private var handles: [Handle] = []
        /// Deadlines owners asked for. The loop thread's only.
        private var timers = CurlDeadlines()
        /// Connections to serve at the next pass without waiting. The loop thread's only.
        private var again: [CurlConnection] = []
        /// The sockets of plain connections (`CurlPlainSocket`), by token, until their handle is
        /// cleaned up. The loop thread's only.
        private var plainSockets: [UInt64: CurlPlainSocket] = [:]

        private init() {
            epoll = ncurl_epoll_create()
            wakeUp = ncurl_eventfd_create()
            if epoll >= 0, wakeUp >= 0 { _ = ncurl_epoll_set(epoll, wakeUp, 1, 1, 0, 0) }
            let thread = Thread { [self] in run() }
            thread.name = "NetworkingCurl connections"
            thread.stackSize = 512 * 1024
            thread.start()
        }

        /// A key for a new connection.
        func makeToken() -> UInt64 { tokens.add(1, ordering: .relaxed).newValue }

        /// Starts opening `connection` (any thread).
        func open(_ connection: CurlConnection) {
            Self.liveConnections.add(1, ordering: .relaxed)
            post { $0.opening.append(connection) }
        }

        /// Has the loop serve `connection` soon (any thread).
        func wake(_ connection: CurlConnection) { post { $0.woken.append(connection) } }

        private func post(_ work: (inout Inbox) -> Void) {
            let wakes = inbox.withLock { inbox -> Bool in
                work(&inbox)
                defer { inbox.sleeping = false }
                return inbox.sleeping
            }
            if wakes { ncurl_eventfd_signal(wakeUp) }
        }

        // MARK: - Loop thread

        private func run() {
            var readyTokens = [UInt64](repeating: 0, count: 256)
            var readyFlags = [Int32](repeating: 0, count: 256)
            // Events the last sleep's `epoll_wait` returned, served at the next pass without
            // asking the epoll set again.
            var carried = 0
            while true {
                let (opening, woken) = inbox.withLock { inbox in
                    defer {
                        inbox.opening.removeAll(keepingCapacity: true)
                        inbox.woken.removeAll(keepingCapacity: true)
                    }
                    return (inbox.opening, inbox.woken)
                }
                for connection in opening { begin(connection) }
                for connection in woken where entries[connection.token] != nil { serve(connection, .service) }
                finishConnecting()
                var ready = carried
                if epoll >= 0 {
                    if carried == 0 { ready = Int(ncurl_epoll_wait(epoll, &readyTokens, &readyFlags, 256, 0)) }
                    for index in 0..<max(ready, 0) {
                        if readyTokens[index] == 0 { ncurl_eventfd_drain(wakeUp) }
                        guard let entry = entries[readyTokens[index]] else { continue }
                        serve(entry.connection, .service)
                    }
                }
                let pending = again
                again.removeAll(keepingCapacity: true)
                for connection in pending where entries[connection.token] != nil { serve(connection, .service) }
                let now = ContinuousClock.now
                for (instant, token) in timers.expired(at: now) {
                    guard let connection = entries[token]?.connection, connection.scheduled == instant else { continue }
                    connection.scheduled = nil
                    guard let deadline = connection.deadline else { continue }
                    if deadline <= now {
                        connection.deadline = nil
                        serve(connection, .service)
                    } else {
                        schedule(connection, at: deadline)
                    }
                }
                carried = sleep(busy: ready == 256 || !again.isEmpty, tokens: &readyTokens, flags: &readyFlags)
            }
        }

        /// Waits until a socket is ready, a poster wakes it, or the next deadline: in `epoll_wait`
        /// while no connect is under way, else in libcurl's poll of a multi handle that is
        /// connecting, with the epoll set beside its own sockets. Returns how many events of the
        /// epoll set it took into `tokens` and `flags` (none from libcurl's poll).
        private func sleep(busy: Bool, tokens: inout [UInt64], flags: inout [Int32]) -> Int {
            let connectingHandles = handles.filter { $0.connecting > 0 }
            var timeout: Int32 = busy ? 0 : 1000
            if let next = timers.next { timeout = min(timeout, Self.milliseconds(until: next)) }
            // Another handle connecting is not in this poll: look at it again soon.
            if connectingHandles.count > 1 { timeout = min(timeout, 10) }
            let sleeps = inbox.withLock { inbox -> Bool in
                guard !inbox.hasWork else { return false }
                inbox.sleeping = true
                return true
            }
            guard sleeps else { return 0 }
            var taken: Int32 = 0
            if let polled = connectingHandles.first {
                var ready: Int32 = 0
                var epollReady: Int32 = 0
                _ = ncurl_multi_poll_fd(polled.multi, epoll, timeout, &ready, &epollReady)
            } else if epoll >= 0 {
                taken = ncurl_epoll_wait(epoll, &tokens, &flags, Int32(tokens.count), timeout)
            }
            inbox.withLock { $0.sleeping = false }
            return Int(max(taken, 0))
        }

        /// Whole milliseconds until `deadline`, rounded up so that it is not polled early.
        private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
            let (seconds, attoseconds) = (deadline - .now).components
            let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: max(total, 0))
        }

        /// A new multi handle. Handles are kept for the loop's life, empty ones reused.
        private func makeHandle() -> Handle? {
            guard let multi = ncurl_multi_init() else { return nil }
            let handle = Handle(multi: multi)
            handles.append(handle)
            return handle
        }

        /// Adds `connection`'s connect to the first multi handle with room.
        private func begin(_ connection: CurlConnection) {
            let roomy = handles.first { $0.connections < Self.connectionsPerHandle }
            guard let handle = roomy ?? makeHandle(), let easy = connection.makeHandle() else {
                Self.liveConnections.subtract(1, ordering: .relaxed)
                let serve = connection.serve
                connection.serve = nil
                _ = serve?(connection, .failed(Self.unavailable))
                return
            }
            connection.easy = easy
            if connection.isPlain {
                let socket = CurlPlainSocket()
                socket.install(on: easy)
                plainSockets[connection.token] = socket
            }
            handle.connections += 1
            entries[connection.token] = (connection, handle)
            guard ncurl_multi_add_handle(handle.multi, easy) == 0 else { return fail(connection, Self.unavailable) }
            handle.connecting += 1
            connecting[key(easy)] = connection
        }

        private static var unavailable: NetworkingError {
            .transport(
                URLError(
                    .cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "libcurl could not start a connection"])
            )
        }

        /// Moves every connect along and hands over those that ended.
        private func finishConnecting() {
            for handle in handles where handle.connecting > 0 {
                var running: Int32 = 0
                _ = ncurl_multi_perform(handle.multi, &running)
                var code: Int32 = 0
                while let easy = ncurl_multi_next_done(handle.multi, &code) {
                    guard let connection = connecting.removeValue(forKey: key(easy)) else { continue }
                    handle.connecting -= 1
                    if code == NCURLE_OK, connection.adoptSocket() {
                        plainSockets[connection.token]?.adopt(connection.socket)
                        serve(connection, .opened)
                    } else {
                        fail(connection, connection.connectError(code))
                    }
                }
            }
        }

        /// Tells the owner the connection failed, and releases it.
        private func fail(_ connection: CurlConnection, _ error: NetworkingError) {
            let serve = connection.serve
            release(connection)
            _ = serve?(connection, .failed(error))
        }

        /// Calls the owner and does what it asks.
        private func serve(_ connection: CurlConnection, _ event: CurlConnection.Event) {
            guard let serve = connection.serve else { return }
            let interest = serve(connection, event)
            if interest.closes { return release(connection) }
            if connection.isOpen { register(connection, interest) }
            if interest.again { again.append(connection) }
            connection.deadline = interest.deadline
            if let deadline = interest.deadline, connection.scheduled.map({ deadline < $0 }) ?? true {
                schedule(connection, at: deadline)
            }
        }

        /// Adds a timer for `connection` at `instant`, earlier than any it has. A later deadline is
        /// looked at when the earlier timer fires, so that a connection has few timers however
        /// often its deadline moves.
        private func schedule(_ connection: CurlConnection, at instant: ContinuousClock.Instant) {
            connection.scheduled = instant
            timers.insert(instant, connection.token)
        }

        /// Registers the socket for what the owner waits for; a socket waiting for nothing leaves the
        /// set (a hung-up socket would otherwise be reported at every pass).
        private func register(_ connection: CurlConnection, _ interest: CurlConnection.Interest) {
            let wanted = (interest.readable, interest.writable)
            let unchanged = connection.registered.map { $0 == wanted } ?? (wanted == (false, false))
            guard epoll >= 0, !unchanged, connection.isStillConnected() else { return }
            if wanted == (false, false) {
                _ = ncurl_epoll_remove(epoll, connection.socket)
                connection.registered = nil
            } else {
                let adds: Int32 = connection.registered == nil ? 1 : 0
                _ = ncurl_epoll_set(
                    epoll, connection.socket, adds, wanted.0 ? 1 : 0, wanted.1 ? 1 : 0, connection.token)
                connection.registered = wanted
            }
        }

        /// Closes the connection (libcurl closes a handed-over connection when its handle leaves the
        /// multi handle) and forgets it; nothing happens for a connection already released.
        func release(_ connection: CurlConnection) {
            guard let entry = entries.removeValue(forKey: connection.token) else { return }
            Self.liveConnections.subtract(1, ordering: .relaxed)
            connection.serve = nil
            connection.deadline = nil
            connection.scheduled = nil
            guard let easy = connection.easy else { return }
            if connection.registered != nil, connection.isStillConnected() {
                _ = ncurl_epoll_remove(epoll, connection.socket)
            }
            connection.registered = nil
            if connecting.removeValue(forKey: key(easy)) != nil { entry.handle.connecting -= 1 }
            _ = ncurl_multi_remove_handle(entry.handle.multi, easy)
            ncurl_easy_cleanup(easy)
            plainSockets[connection.token] = nil  // libcurl's last close of its socket is over
            connection.easy = nil
            entry.handle.connections -= 1
        }

        /// The socket of `connection` when it is plain (loop thread).
        func plainSocket(of connection: CurlConnection) -> CurlPlainSocket? { plainSockets[connection.token] }

        private func key(_ easy: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(easy))) }
    }
#endif
