/// The request body of each hop of a request: the same body again after a redirect that keeps
/// the method (307, 308), none once a redirect changed it (to GET); a one-shot body is sent
/// at most once, so a hop that would send it again fails with `HTTPBody.alreadySentError`.
package struct RequestBodyHops {
    private var body: HTTPBody?
    private var sent = false

    package init(_ body: HTTPBody?) { self.body = body }

    /// The body of the next hop.
    package mutating func next() throws(NetworkingError) -> HTTPBody? {
        guard let body else { return nil }
        if sent, body.iterationBehavior == .single { throw HTTPBody.alreadySentError }
        sent = true
        return body
    }

    /// `hops.follow(after:)`, dropping the body when the redirect changed the method.
    package mutating func follow(_ hops: inout RedirectHops, after head: ResponseHead) throws(NetworkingError) -> Bool {
        guard body != nil else { return try hops.follow(after: head) }
        let method = hops.current.httpMethod
        guard try hops.follow(after: head) else { return false }
        if hops.current.httpMethod != method { body = nil }
        return true
    }
}
