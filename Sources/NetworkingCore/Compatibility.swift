// The other spellings of this target's types, kept so that code written against the APIs this
// library implements compiles unchanged. Each is the same type under another name; new code uses
// the name on the right.

/// `NetworkError`, the error type of the endpoint-style API (`catch NetworkError.unauthorized`
/// reads as it did): ``NetworkingError``.
public typealias NetworkError = NetworkingError

/// `NetworkRequestable`, the endpoint protocol of the endpoint-style API: ``Endpoint``.
public typealias NetworkRequestable = Endpoint

/// `DataTransferProtocol`, the client protocol of the endpoint-style API: ``HTTPClientProtocol``.
public typealias DataTransferProtocol = HTTPClientProtocol

/// `HttpMethod`, for endpoints written `var method: HttpMethod` (the `Endpoint` enums' style):
/// ``HTTPMethod``.
public typealias HttpMethod = HTTPMethod

/// `HttpTask`, for endpoints written `var task: HttpTask` (the `Endpoint` enums' style):
/// ``HTTPTask``.
public typealias HttpTask = HTTPTask

/// `JsonMapper`, the response-mapping protocol of the `Endpoint` enums' style: ``JSONMapper``.
public typealias JsonMapper = JSONMapper
