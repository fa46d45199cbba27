import Foundation
import HTTPTransport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over Foundation's URLSession: what an iOS or macOS app passes to ShopKit
/// (and any Kit that takes a transport), with no SwiftNIO underneath. It keeps the promises
/// `AsyncHTTPClientTransport` keeps, so a Kit sees the same answers and the same failures on
/// either:
/// - a redirect is returned, not followed;
/// - the whole exchange, connecting to the body's last byte, is bounded by the request's
///   `timeout` (URLSession's own timeout only bounds the silence between two packets);
/// - a body above `maximumBodyBytes` is refused as soon as its `Content-Length`, or the bytes
///   counted so far, exceed it, and not kept;
/// - no cookies are stored or sent, nothing is cached and no stored credential is offered, so
///   an answer is the server's answer to exactly the request the Kit built.
///
/// URLSession differs where it cannot be helped: the response headers come as a dictionary
/// (sorted by name here; a repeated field arrives joined with ", "), and URLSession itself may
/// add `Accept-Encoding` and decode a compressed body. It cannot connect to an address other
/// than the one it looks up, so a request pinned by an ``OutboundPolicy`` fails (see ``send(_:)``).
/// On Linux it runs on swift-corelibs-foundation (libcurl), which is how the tests check it.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let exchanges: ExchangeTable

    /// A transport with a session of its own, made from `configuration` (an ephemeral one by
    /// default) with its cookie store, cache and credential store removed.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        // A copy: the caller's configuration object is theirs to reuse unchanged.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        let exchanges = ExchangeTable()
        self.exchanges = exchanges
        // URLSession keeps its delegate until invalidated; `deinit` invalidates it.
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// One transport for the process: URLSession reuses connections within a session, so an app
    /// makes one and passes it everywhere.
    public static let shared = URLSessionTransport()

    /// Sends `request` and returns the answer whatever its status. A request with a
    /// ``HTTPTransportRequest/connectAddress`` is sent only when the URL already names that
    /// address: URLSession has no way to connect to an address while keeping the URL's name for
    /// `Host` and TLS, and looking the name up again could reach an address nobody judged.
    public func send(_ request: HTTPTransportRequest) async throws(HTTPTransportFailure) -> HTTPTransportResponse {
        if let address = request.connectAddress, !Self.urlNames(address: address, request.url) {
            throw .unreachable(
                reason: "URLSession cannot connect to the checked address \(address) for \(request.url.host ?? "this host"); "
                    + "send requests that an OutboundPolicy pinned through AsyncHTTPClientTransport")
        }
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https", request.url.host != nil else {
            throw .unreachable(reason: "the address is not a valid http(s) URL")
        }
        let exchange = Exchange(request: request)
        let timeout = request.timeout
        do {
            let session = session
            let exchanges = exchanges
            return try await withExchangeTimeout(timeout) { try await exchange.run(in: session, table: exchanges) }
        } catch let failure as HTTPTransportFailure {
            throw failure
        } catch {
            throw .cancelled
        }
    }

    /// Whether `url`'s host is the IP address `address` written out (IPv6 in brackets or not).
    static func urlNames(address: String, _ url: URL) -> Bool {
        guard var host = url.host else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.lowercased() == address.lowercased()
    }
}
