extension Networking {
    /// Turns request coalescing on or off for every request: with `true`, callers that ask for
    /// the same resource while its transfer is in flight (a `GET` or `HEAD` without a body, same
    /// URL, same header fields and credential) share that one transfer instead of each sending
    /// its own. Each caller still runs its own interceptors and observers and decodes the
    /// response as its own type; a caller that joined another's transfer has
    /// `TransactionMetrics.joinedTransfer` set. Off by default. A request's
    /// `RequestOptions.coalesces` decides for it when set; downloads, streams and verbs given a
    /// `cachingLevel` share through the download cache instead.
    ///
    /// ```swift
    /// await networking.setCoalescesRequests(true)
    /// ```
    public func setCoalescesRequests(_ coalesces: Bool) {
        coalescesRequests = coalesces
        invalidate()
    }
}
