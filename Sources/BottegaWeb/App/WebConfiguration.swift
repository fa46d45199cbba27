import Foundation

/// How `bottega serve` runs: where it listens and where its data lives.
public struct WebConfiguration: Sendable {
    /// Loopback only by default: Bottega is a personal server.
    public var host: String
    public var port: Int
    /// Shown on the home screen so a user knows which file holds their searches.
    public var databasePath: String

    public init(host: String = "127.0.0.1", port: Int = 8080, databasePath: String = "bottega.sqlite") {
        self.host = host
        self.port = port
        self.databasePath = databasePath
    }
}
