import Foundation
import BarcodeWallet
import Hummingbird
import NIOCore

/// The request context of every Bottega route: JSON with ISO 8601 dates and sorted keys, so the
/// API reads the same as the CLI's `--format json`.
public struct WebRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address, for per-address limits (nil in in-process tests).
    public let clientAddress: String?
    /// The connection the request came on: a view still waiting when it closes is dropped
    /// (``HeavyViews``). Nil where there is none to watch: in-process tests answer on a channel
    /// that never was active.
    public let connection: (any Channel)?
    /// The account the request acts for, on routes behind ``AccountMiddleware``.
    var account: WalletUser?

    public init(source: Source) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
        connection = source.channel.isActive ? source.channel : nil
    }

    /// The account's id; ``LoginRequired`` on a route without ``AccountMiddleware``, so a
    /// forgotten middleware refuses rather than acting for the first account.
    func accountID() throws -> Int64 {
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
