import NetworkingCore

extension Networking {
    /// Process-wide debugging switches, spelled as the endpoint layer's users know them:
    ///
    /// ```swift
    /// Networking.DebugConfiguration.shouldPrintLogs = false  // silence every client's log
    /// ```
    public enum DebugConfiguration {
        /// Whether the library's logs print at all, in every client of the process (default
        /// `true`). While `false`, no built-in log and none of the loggers of
        /// `HTTPClient.Configuration` records anything; events and metrics observers still see
        /// every request. While `true`, each client's log settings decide, and an endpoint whose
        /// `shouldPrintLogs` is `false` is still never logged. Safe to set from any thread.
        public static var shouldPrintLogs: Bool {
            get { LogGate.isEnabledProcessWide }
            set { LogGate.isEnabledProcessWide = newValue }
        }
    }
}
