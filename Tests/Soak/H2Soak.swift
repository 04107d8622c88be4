import Foundation
import Networking
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

// The soak's HTTP/2 mode: `Soak h2 [requests] [sample-every] [in-flight]` sends `requests`
// (100,000) GETs through one `Networking` actor over `CurlTransport` (HTTP/2 over TLS, ALPN) to
// Tests/Harness/h2_chaos_server.py, which it starts itself: most requests are answered with a body
// naming them, the others meet an HTTP/2 fault drawn at random (GOAWAY below streams in flight or
// when idle, refused and reset streams, a late SETTINGS_MAX_CONCURRENT_STREAMS of 1, a head over
// the client's limit, DATA after END_STREAM, a PING burst, a connection closed mid-body, an answer
// after the deadline). `in-flight` (64) requests run at once, each with a deadline of 2 s (the
// transport's `totalTimeout`); RSS and open descriptors are printed every `sample-every` (10,000,
// or a tenth of the run if that is less).
//
// The run passes when (see `H2SoakVerdict`): every request started ended, with a body or a typed
// `NetworkingError` (none still running 10 s after its deadline, none in `.transport(.unknown)`),
// every body received names its own request (a body that does not decode counts against this),
// the whole run took at most 10 minutes, no 10 s went by without a request answered (an origin the
// client stopped serving), and after warm-up (the first 10 %) RSS grew by at most
// 10 % + 8 MiB and the open descriptors by at most 8. It exits non-zero otherwise.

/// What the chaos server answers a request with when it answers normally.
struct ChaosAnswer: Decodable, Sendable {
    let id: String
}

/// What the soak's HTTP/2 mode counts beside the outcomes.
final class H2Ledger: Sendable {
    /// Requests handed to the client.
    let started = Atomic<Int>(0)
    /// Requests whose call returned (before or after their watchdog fired).
    let ended = Atomic<Int>(0)
    /// Requests still running when their watchdog fired.
    let hung = Atomic<Int>(0)
    /// Requests answered with a body naming another request, or one that does not decode.
    let foreign = Atomic<Int>(0)
    /// Requests that failed with an error that does not say what went wrong.
    let untyped = Atomic<Int>(0)
    /// Requests never sent because the run's time was up.
    let unsent = Atomic<Int>(0)
    /// The first message of each outcome, for the report.
    let examples = Mutex<[String: String]>([:])
    /// When a request last got its own answer, and the longest time without one: an origin the
    /// client stopped serving shows up here even when each request ends by its deadline.
    private let answers = Mutex((last: ContinuousClock.now, longest: Duration.zero))

    var longestWithoutAnswer: Duration { answers.withLock { $0.longest } }

    func answered() {
        let now = ContinuousClock.now
        answers.withLock { $0 = (now, max($0.longest, now - $0.last)) }
    }

    /// The longest time without an answer, counting from the last answer until `end`.
    func finish(at end: ContinuousClock.Instant) {
        answers.withLock { $0.longest = max($0.longest, end - $0.last) }
    }

    func example(_ kind: String, _ message: String) {
        examples.withLock { if $0[kind] == nil { $0[kind] = message } }
    }
}

enum H2Soak {
    struct Options {
        var total = 100_000
        var every = 10_000
        var inFlight = 64
        /// Each request's deadline: the transport's `totalTimeout`.
        var deadline = 2.0
        /// How long after its deadline a request still running counts as hung.
        var grace = Duration.seconds(10)
        /// The longest the whole run may take.
        var runLimit = Duration.seconds(600)

        init(_ arguments: [String]) {
            if arguments.count > 0, let value = Int(arguments[0]) { total = value }
            if arguments.count > 1, let value = Int(arguments[1]) { every = value }
            if arguments.count > 2, let value = Int(arguments[2]) { inFlight = value }
            // Flatness is judged between the sample at a tenth of the run and the last one: a
            // shorter run than the interval is sampled ten times instead of never.
            every = max(1, min(every, total / 10))
        }
    }

    /// Runs the HTTP/2 soak with `arguments` (those after `h2`); whether every check passed.
    static func run(_ arguments: [String]) async throws -> Bool {
        #if os(Linux)
            let options = Options(arguments)
            let server = try H2ChaosServer()
            defer { server.stop() }
            let transport = try CurlTransport(
                configuration: .init(totalTimeout: options.deadline, caCertificateFile: server.caFile))
            let networking = Networking(baseURL: server.baseURL, transport: transport)
            let observer = CountingObserver()
            await networking.addObserver(observer)
            await networking.setLogsToStandardError(false)

            print(
                "soak h2: \(options.total) requests to h2_chaos_server.py at \(server.baseURL) over CurlTransport "
                    + "(HTTP/2, TLS), \(options.inFlight) in flight, deadline \(options.deadline) s each, "
                    + "sampling every \(options.every)")
            print("requests   seconds  req/s   rss_MiB  fds sockets  outcomes")
            let tally = Tally()
            let ledger = H2Ledger()
            let counters = Counters()
            let start = ContinuousClock.now
            let sampler = Sampler(start: start, tally: tally)
            // Each sample is flushed as it is taken, so that a pipe or a log shows it at once.
            let record: @Sendable (Int) -> Void = {
                sampler.record($0)
                fflush(nil)
            }
            let watchdogLimit = Duration.seconds(options.deadline) + options.grace
            record(0)

            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<options.inFlight {
                    group.addTask {
                        while true {
                            let index = counters.next.add(1, ordering: .relaxed).newValue
                            if index > options.total { return }
                            if ContinuousClock.now - start > options.runLimit {
                                ledger.unsent.add(1, ordering: .relaxed)
                                continue
                            }
                            let id = "r\(index)"
                            ledger.started.add(1, ordering: .relaxed)
                            let outcome = await Watchdog.run(limit: watchdogLimit) {
                                let result: Result<ChaosAnswer, NetworkingError> = await networking.get(
                                    "/chaos", query: [URLQueryItem(name: "id", value: id)])
                                ledger.ended.add(1, ordering: .relaxed)
                                return result
                            }
                            classify(outcome, id: id, tally: tally, ledger: ledger)
                            let finished = counters.done.add(1, ordering: .relaxed).newValue
                            if finished % options.every == 0 { record(finished) }
                        }
                    }
                }
            }
            let elapsed = ContinuousClock.now - start
            ledger.finish(at: .now)
            // A request its watchdog gave up on may still end; give it a moment to be counted.
            for _ in 0..<50 where ledger.ended.load(ordering: .relaxed) < ledger.started.load(ordering: .relaxed) {
                try? await Task.sleep(for: .milliseconds(100))
            }
            let verdict = H2SoakVerdict(
                options: options, elapsed: elapsed, samples: sampler.samples, ledger: ledger, observer: observer,
                outcomes: tally.summary, faults: server.faults())
            return verdict.report()
        #else
            print("soak h2: the HTTP/2 mode runs over CurlTransport, on Linux only")
            return false
        #endif
    }

    /// Counts one request's outcome: its own body, another's, a typed error, or none in time.
    static func classify(
        _ outcome: Result<ChaosAnswer, NetworkingError>?, id: String, tally: Tally, ledger: H2Ledger
    ) {
        switch outcome {
        case nil:
            ledger.hung.add(1, ordering: .relaxed)
            tally.add("hung")
        case .success(let answer) where answer.id == id:
            ledger.answered()
            tally.add("ok")
        case .success(let answer):
            ledger.foreign.add(1, ordering: .relaxed)
            ledger.example("foreign", "\(id) was answered with the body of \(answer.id)")
            tally.add("foreign")
        case .failure(let error):
            let kind = kind(error)
            tally.add(kind)
            ledger.example(kind, "\(id): \(error.localizedDescription)")
            if case .decoding = error { ledger.foreign.add(1, ordering: .relaxed) }
            if case .transport(let urlError) = error, urlError.code == .unknown {
                ledger.untyped.add(1, ordering: .relaxed)
            }
        }
    }

    /// An error's kind as the report counts it: the case, and a transport error's `URLError` code.
    static func kind(_ error: NetworkingError) -> String {
        guard case .transport(let urlError) = error else { return Soak.kind(error) }
        let names: [URLError.Code: String] = [
            .timedOut: "timedOut", .networkConnectionLost: "networkConnectionLost",
            .cannotParseResponse: "cannotParseResponse", .badServerResponse: "badServerResponse",
            .cannotConnectToHost: "cannotConnectToHost", .resourceUnavailable: "resourceUnavailable",
            .dataLengthExceedsMaximum: "dataLengthExceedsMaximum", .secureConnectionFailed: "secureConnectionFailed",
            .unsupportedURL: "unsupportedURL", .unknown: "unknown",
        ]
        return "transport.\(names[urlError.code] ?? String(urlError.code.rawValue))"
    }
}
