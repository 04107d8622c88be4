// `NetworkTesting` is the name the endpoint layer's users import (`import NetworkTesting`): the
// same library as `NetworkingTesting` (MockURLProtocol, MockHTTPClient, InMemoryTransport, record
// and replay), re-exported whole under that spelling.
@_exported import NetworkingTesting
