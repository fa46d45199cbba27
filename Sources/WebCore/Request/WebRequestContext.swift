import Foundation
import Hummingbird
import NIOCore

/// The request context of every Bottega route: JSON with ISO 8601 dates and sorted keys, so the
/// API reads the same as the CLI's `--format json`.
public struct WebRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer's IP address (nil in in-process tests): the client, or a proxy in front.
    public let peerAddress: String?
    /// The client's IP address, for per-address limits and logs: the peer's, or through a
    /// trusted proxy the one it names (``ClientResolution``).
    public internal(set) var clientAddress: String?
    /// Whether the client's connection was HTTPS: TLS here, or a trusted proxy's word.
    package var cameOverHTTPS = false
    /// The connection the request came on: a view still waiting when it closes is dropped
    /// (``HeavyViews``). Nil where there is none to watch: in-process tests answer on a channel
    /// that never was active.
    public let connection: (any Channel)?
    /// The account the request acts for, on routes behind ``AccountMiddleware``.
    package var account: Account?

    public init(source: Source) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
        connection = source.channel.isActive ? source.channel : nil
    }

    /// The client as per-address limits count it: its IPv4 address or its IPv6 /64
    /// (``IPAddress/clientNetwork``); "unknown" without one.
    package var clientNetwork: String {
        guard let clientAddress else { return "unknown" }
        return IPAddress(clientAddress)?.clientNetwork ?? clientAddress
    }

    /// The account's id; ``LoginRequired`` on a route without ``AccountMiddleware``, so a
    /// forgotten middleware refuses rather than acting for the first account.
    package func accountID() throws -> Int64 {
        guard let account else { throw LoginRequired() }
        return account.id
    }

    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
