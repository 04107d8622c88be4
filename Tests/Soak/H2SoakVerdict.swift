import Foundation

/// The checks of the soak's HTTP/2 mode over what a run measured, printed one per line.
struct H2SoakVerdict {
    let options: H2Soak.Options
    let elapsed: Duration
    let samples: [Sampler.Sample]
    let ledger: H2Ledger
    let observer: CountingObserver
    let outcomes: String
    let faults: Result<[String: Int], H2ChaosServer.Unavailable>

    /// The slack of RSS after warm-up: 10 % of the warm sample, plus this many KiB.
    static let rssSlackKilobytes = 8 * 1024
    /// The slack of open descriptors after warm-up.
    static let descriptorSlack = 8
    /// The longest the client may go without answering any request: five deadlines.
    static let longestWithoutAnswer = Duration.seconds(10)

    /// Prints the figures and each check; whether all passed.
    func report() -> Bool {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let started = ledger.started.load(ordering: .relaxed)
        let ended = ledger.ended.load(ordering: .relaxed)
        let hung = ledger.hung.load(ordering: .relaxed)
        let foreign = ledger.foreign.load(ordering: .relaxed)
        let untyped = ledger.untyped.load(ordering: .relaxed)
        let unsent = ledger.unsent.load(ordering: .relaxed)
        print(
            "done: \(started) requests in \(String(format: "%.1f", seconds)) s "
                + "(\(Int(Double(started) / max(seconds, 0.001))) requests/s); "
                + "pipeline observer started/completed \(observer.started.load(ordering: .relaxed))/"
                + "\(observer.completed.load(ordering: .relaxed))")
        print("outcomes: \(outcomes)")
        for (kind, message) in ledger.examples.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            print("  \(kind), e.g. \(message)")
        }
        switch faults {
        case .success(let counts):
            let pairs = counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            print("server did: " + pairs.joined(separator: " "))
        case .failure(let failure):
            print("server did: unknown (\(failure))")
        }

        var passed = true
        func check(_ ok: Bool, _ line: String) {
            print((ok ? "PASS: " : "FAIL: ") + line)
            passed = passed && ok
        }
        check(
            unsent == 0 && seconds <= Double(options.runLimit.components.seconds),
            "the run took \(Int(seconds)) s of at most \(options.runLimit.components.seconds) s "
                + "(\(unsent) requests left unsent)")
        check(
            started == options.total && ended == started && hung == 0,
            "\(started) of \(options.total) requests started, \(ended) ended, \(hung) still running "
                + "\(options.grace.components.seconds) s after their deadline")
        let observed = (observer.started.load(ordering: .relaxed), observer.completed.load(ordering: .relaxed))
        check(
            observed.0 == started && observed.1 == started,
            "the pipeline's observer heard \(observed.0) requests start and \(observed.1) complete, of \(started)")
        let drought = ledger.longestWithoutAnswer
        check(
            drought <= Self.longestWithoutAnswer,
            "the longest time without a request answered was \(Self.seconds(drought)) s "
                + "(at most \(Self.longestWithoutAnswer.components.seconds) s)")
        check(untyped == 0, "\(untyped) requests failed with an error that does not say what went wrong")
        check(foreign == 0, "\(foreign) requests got a body that is not their own answer")
        let (flat, line) = flatness()
        check(flat, line)
        print(passed ? "soak h2: PASS" : "soak h2: FAIL")
        return passed
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// Whether RSS and descriptors stayed flat after warm-up (the first sample at 10 % of the
    /// requests), and the line that says so.
    private func flatness() -> (Bool, String) {
        guard let last = samples.last,
            let warm = samples.first(where: { $0.requests >= options.total / 10 && $0.requests > 0 }),
            warm.requests < last.requests
        else { return (false, "too few samples to tell whether memory stayed flat") }
        let budget = warm.rss / 10 + Self.rssSlackKilobytes
        let growth = last.rss - warm.rss
        let flat = growth <= budget && last.fds - warm.fds <= Self.descriptorSlack
        return (
            flat,
            "after warm-up (\(warm.requests) requests) RSS \(warm.rss / 1024) → \(last.rss / 1024) MiB "
                + "(\(growth / 1024) MiB of at most 10 % + \(Self.rssSlackKilobytes / 1024) MiB = \(budget / 1024) MiB), "
                + "descriptors \(warm.fds) → \(last.fds) (at most +\(Self.descriptorSlack))"
        )
    }
}
