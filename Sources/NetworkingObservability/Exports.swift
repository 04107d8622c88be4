@_exported import NetworkingCore
