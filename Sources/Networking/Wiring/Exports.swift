@_exported import NetworkingCache
@_exported import NetworkingCore
@_exported import NetworkingInterceptors
@_exported import NetworkingObservability
@_exported import NetworkingWebSockets
