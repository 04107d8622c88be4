import Foundation

extension Fixture {
    /// When an exchange started and what the transport measured of it, kept in a fixture so that a
    /// HAR file made from recordings (`RecordingTransport.writeHAR(to:)`) has its timings.
    ///
    /// Times are seconds; a figure the transport did not measure is absent, never invented (see
    /// `TransactionMetrics`). Replaying ignores it.
    package struct Timing: Codable, Sendable, Equatable {
        /// When the request started, ISO 8601 with milliseconds.
        package var started: String
        /// Seconds from the start to the end of the response.
        package var duration: TimeInterval
        /// Seconds spent waiting for a connection.
        package var queue: TimeInterval?
        /// Seconds spent resolving the host name.
        package var domainLookup: TimeInterval?
        /// Seconds spent establishing the connection, TLS included.
        package var connect: TimeInterval?
        /// Seconds spent on the TLS handshake.
        package var secureConnection: TimeInterval?
        /// Seconds from the start to the first response byte.
        package var timeToFirstByte: TimeInterval?
        /// Request body bytes sent.
        package var requestBodyBytes: Int64?
        /// Response body bytes received.
        package var responseBodyBytes: Int64?
        /// The protocol used (`http/1.1`, `h2`).
        package var networkProtocol: String?

        /// The timing of an exchange measured as `metrics`.
        package init(_ metrics: TransactionMetrics) {
            started = HARDates.string(from: metrics.startDate)
            duration = metrics.duration
            queue = metrics.queueTime
            domainLookup = metrics.domainLookup
            connect = metrics.connect
            secureConnection = metrics.secureConnection
            timeToFirstByte = metrics.timeToFirstByte
            requestBodyBytes = metrics.requestBodyBytes
            responseBodyBytes = metrics.responseBodyBytes
            networkProtocol = metrics.networkProtocol
        }

        /// The metrics this timing was made from, or `nil` when `started` is not a date.
        package var metrics: TransactionMetrics? {
            guard let start = HARDates.date(from: started) else { return nil }
            return TransactionMetrics(
                startDate: start, endDate: start.addingTimeInterval(duration), domainLookup: domainLookup,
                connect: connect, secureConnection: secureConnection, timeToFirstByte: timeToFirstByte,
                requestBodyBytes: requestBodyBytes, responseBodyBytes: responseBodyBytes,
                networkProtocol: networkProtocol, queueTime: queue)
        }
    }
}
