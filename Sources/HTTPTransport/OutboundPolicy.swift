import Foundation

/// Decides where a request that a user (or a page a user named) pointed somewhere may go: asked
/// once for the first request and again for every redirect, each time before anything is sent.
///
/// It returns the address to connect to, and the caller connects there and nowhere else
/// (``HTTPTransportRequest/connectAddress``): the address judged is the address connected to.
/// Judging a name and letting the client look it up again would leave a window in which a
/// rebinding name answers a public address to the check and 127.0.0.1 to the connection.
public protocol OutboundPolicy: Sendable {
    /// The IP address (as text, `93.184.216.34` or `2001:db8::1`) that `url` may be reached at,
    /// or ``OutboundRefusal`` when its scheme, host or every address its host resolves to is not
    /// one Bottega may send requests to.
    func destination(for url: URL) throws(OutboundRefusal) -> String
}

/// Why a request was not sent: the host as the URL named it, and a sentence saying what was
/// wrong and what to do.
public struct OutboundRefusal: Error, Sendable, Equatable, LocalizedError {
    public let host: String
    public let reason: String

    public init(host: String, reason: String) {
        self.host = host
        self.reason = reason
    }

    public var errorDescription: String? { reason }
}
