import Dispatch
import Foundation
import Synchronization

/// A cookie jar kept in a file, so that cookies outlive the process: the rules of
/// `InMemoryCookieJar` in memory, and the persistent cookies (those with `Max-Age` or `Expires`; session cookies
/// too with `keepsSessionCookies`) in a JSON file of mode 0600.
///
/// - Loading: the file is read once, when the jar is created; expired cookies are dropped. A
///   file that cannot be read or decoded gives an empty jar and a warning (to `onWarning`), never
///   a crash; it is replaced at the next write.
/// - Writing: a change schedules a write on the jar's own serial queue, after `writeDelay`, so
///   that many changes make one write and no caller (a transport thread, a cooperative thread)
///   ever waits for the disk. Each write goes to a temporary file that is renamed over the jar's
///   file (atomic). `flush()` writes pending changes now and returns when they are on disk.
///
/// ```swift
/// let jar = FileCookieJar(fileURL: appSupport.appendingPathComponent("cookies.json"))
/// await networking.setCookieJar(jar)
/// ```
public final class FileCookieJar: CookieJar {
    /// The jar's file.
    package let fileURL: URL
    /// Whether cookies without an expiry are written too (by default they end with the process).
    package let keepsSessionCookies: Bool
    /// How long a change waits for others before the file is written.
    package let writeDelay: Duration

    private struct State {
        var store: CookieStore
        /// Whether the file is behind the store.
        var isDirty = false
        /// Whether a write is scheduled on `queue`.
        var isWriteScheduled = false
    }

    private let state: Mutex<State>
    private let queue = DispatchQueue(label: "Networking.FileCookieJar")
    private let onWarning: @Sendable (String) -> Void

    /// A jar kept in `fileURL`, loaded from it now.
    ///
    /// - Parameters:
    ///   - keepsSessionCookies: whether cookies without `Max-Age` or `Expires` are kept in the file.
    ///   - writeDelay: how long changes gather before one write.
    ///   - onWarning: told, in a sentence, when the file cannot be read or written; by default
    ///     the sentence goes to standard error.
    public init(
        fileURL: URL, keepsSessionCookies: Bool = false, writeDelay: Duration = .milliseconds(100),
        onWarning: (@Sendable (String) -> Void)? = nil
    ) {
        self.fileURL = fileURL
        self.keepsSessionCookies = keepsSessionCookies
        self.writeDelay = writeDelay
        self.onWarning = onWarning ?? { FileHandle.standardError.write(Data(("Networking: " + $0 + "\n").utf8)) }
        var store = CookieStore()
        switch CookieFile.read(fileURL) {
        case .success(let cookies):
            let now = Date()
            for cookie in cookies { store.insert(cookie, now: now) }
        case .failure(let problem):
            self.onWarning(problem.message)
        }
        state = Mutex(State(store: store))
    }

    /// The `Cookie` header value a request to `url` carries, or `nil` when no cookie applies.
    public func cookieHeader(for url: URL) -> String? {
        state.withLock { $0.store.cookieHeader(for: url) }
    }

    /// Takes the `Set-Cookie` field values of a response to a request for `url`; a change is
    /// written to the file later, off the caller's thread.
    public func store(_ setCookieFields: [String], receivedFrom url: URL) {
        guard !setCookieFields.isEmpty else { return }
        let now = Date()
        let keepsSessionCookies = self.keepsSessionCookies
        let schedule = state.withLock { state in
            var changed = false
            for line in setCookieFields {
                let outcome = state.store.receive(line, from: url, now: now)
                // A session cookie changes the file only when the file keeps them; a removal may
                // have removed a persistent one.
                if outcome == .removed || (outcome == .stored && (keepsSessionCookies || Self.isPersistent(line))) {
                    changed = true
                }
            }
            return changed && Self.markDirty(&state)
        }
        if schedule { scheduleWrite() }
    }

    /// Removes every cookie, from the file too (written later, like any change).
    public func removeAll() {
        let schedule = state.withLock { state in
            state.store.removeAll()
            return Self.markDirty(&state)
        }
        if schedule { scheduleWrite() }
    }

    /// Every cookie that has not expired, in no particular order.
    public var allCookies: [Cookie] {
        state.withLock { state in
            state.store.removeExpired()
            return state.store.allCookies
        }
    }

    /// Writes pending changes now, on the jar's queue, and returns once they are in the file.
    /// It blocks the calling thread for the write: call it when the app is about to end, not on
    /// every request.
    public func flush() {
        queue.sync { writeIfDirty() }
    }

    /// Marks the file behind; whether a write must be scheduled.
    private static func markDirty(_ state: inout State) -> Bool {
        state.isDirty = true
        guard !state.isWriteScheduled else { return false }
        state.isWriteScheduled = true
        return true
    }

    private func scheduleWrite() {
        let (seconds, attoseconds) = writeDelay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        queue.asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds))) { [self] in writeIfDirty() }
    }

    /// Runs on `queue`: writes the store's cookies when the file is behind.
    private func writeIfDirty() {
        let now = Date()
        let keepsSessionCookies = self.keepsSessionCookies
        let cookies: [Cookie]? = state.withLock { state in
            state.isWriteScheduled = false
            guard state.isDirty else { return nil }
            state.isDirty = false
            state.store.removeExpired(now: now)
            return state.store.allCookies.filter { keepsSessionCookies || $0.isPersistent }
        }
        guard let cookies else { return }
        let sorted = cookies.sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
        if let problem = CookieFile.write(sorted, to: fileURL) { onWarning(problem.message) }
    }

    /// Whether a `Set-Cookie` line asks for a persistent cookie (it has `Max-Age` or `Expires`).
    private static func isPersistent(_ line: String) -> Bool {
        guard let parsed = SetCookie(line) else { return false }
        return parsed.maxAge != nil || parsed.expires != nil
    }
}
