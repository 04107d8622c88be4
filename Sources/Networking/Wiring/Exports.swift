// What `import Networking` brings: the library's modules, and Foundation, whose types (`URL`, `Data`,
// `Date`, `URLRequest`, `FileManager`) appear throughout its API, so that one import is all an app file
// needs. On Linux, `URLRequest`, `URLSession` and their relatives live in FoundationNetworking, which
// is re-exported there too; a file that imports Foundation itself as well compiles unchanged.
@_exported import Foundation
@_exported import NetworkingCache
@_exported import NetworkingCore
@_exported import NetworkingInterceptors
@_exported import NetworkingObservability
@_exported import NetworkingWebSockets

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
