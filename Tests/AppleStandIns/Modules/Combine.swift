// Stand-in for Apple's Combine, for the Apple stand-in type-check (Tests/AppleStandIns/check.sh):
// the declarations the library uses, transcribed from Apple's documentation (macOS 10.15+,
// iOS 13+, tvOS 13+, watchOS 6+). Bodies are never run.

/// https://developer.apple.com/documentation/combine/publisher
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

extension Publisher {
    /// https://developer.apple.com/documentation/combine/publisher/erasetoanypublisher()
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { fatalError() }
    /// https://developer.apple.com/documentation/combine/publisher/handleevents(receivesubscription:receiveoutput:receivecompletion:receivecancel:receiverequest:)
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> { fatalError() }
}

/// https://developer.apple.com/documentation/combine/subscription
public protocol Subscription: AnyObject {}

/// https://developer.apple.com/documentation/combine/subscribers
public enum Subscribers {
    /// https://developer.apple.com/documentation/combine/subscribers/completion
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
    /// https://developer.apple.com/documentation/combine/subscribers/demand
    public struct Demand: Sendable {}
}

/// https://developer.apple.com/documentation/combine/publishers
public enum Publishers {
    /// https://developer.apple.com/documentation/combine/publishers/handleevents
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
    }
}

/// https://developer.apple.com/documentation/combine/anypublisher
@frozen public struct AnyPublisher<Output, Failure: Error>: Publisher {}

/// https://developer.apple.com/documentation/combine/deferred
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure
    /// https://developer.apple.com/documentation/combine/deferred/init(createpublisher:)
    public init(createPublisher: @escaping () -> DeferredPublisher) {}
}

/// https://developer.apple.com/documentation/combine/future (a class; not Sendable)
final public class Future<Output, Failure: Error>: Publisher {
    /// https://developer.apple.com/documentation/combine/future/promise
    public typealias Promise = (Result<Output, Failure>) -> Void
    /// https://developer.apple.com/documentation/combine/future/init(_:)
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {}
}
