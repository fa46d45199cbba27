import Foundation
import HTTPTypes
import Hummingbird

/// The proxies in front of Bottega (`--trusted-proxy ADDR[/BITS]`), whose word on who the client
/// is and how it connected counts. Only when the TCP peer is one of them do `X-Forwarded-For`
/// and `X-Forwarded-Proto` (or `Forwarded: proto=`) count: from anyone else they are whatever the
/// client chose to write (issue 36: `X-Forwarded-Proto: https` from curl made cookies Secure, and
/// behind a proxy every client shared one address for the login throttle).
package struct TrustedProxies: Sendable {
    package let networks: [IPNetwork]

    package init(_ networks: [IPNetwork] = []) {
        self.networks = networks
    }

    package func trusts(_ address: IPAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// Who sent `request` and whether it came over HTTPS, given the TCP peer's address.
    ///
    /// The client is the right-most `X-Forwarded-For` address that is not a trusted proxy: each
    /// proxy appends the address it was reached from, so the entries to the right of that one were
    /// written by proxies we trust, and the ones to its left by the client, who may write anything.
    /// An entry that is not an address stops the walk at the proxy that passed it on.
    package func resolve(peer: String?, _ request: Request) -> (address: String?, https: Bool) {
        let overTLS = request.head.scheme?.lowercased() == "https"
        guard let peer, let peerAddress = IPAddress(peer) else { return (peer, overTLS) }
        guard trusts(peerAddress) else { return (peerAddress.description, overTLS) }
        var client = peerAddress
        let hops = request.headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            guard let address = Self.address(inHop: hop) else { break }
            client = address
            if !trusts(address) { break }
        }
        return (client.description, overTLS || Self.forwardedHTTPS(request))
    }

    /// `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]:4711` or `2001:db8::1`.
    package static func address(inHop hop: Substring) -> IPAddress? {
        let text = hop.trimmingCharacters(in: .whitespaces)
        if let address = IPAddress(text) { return address }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") { return IPAddress(text[text.index(after: text.startIndex)..<close]) }
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { return IPAddress(text[..<colon]) }
        return nil
    }

    /// What the proxy says of the client's connection: the left-most `X-Forwarded-Proto` (the
    /// proxy the client reached), else `Forwarded: proto=https`.
    package static func forwardedHTTPS(_ request: Request) -> Bool {
        if let proto = request.headers[.xForwardedProto]?.split(separator: ",").first {
            return proto.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
        if let forwarded = request.headers[.forwarded]?.lowercased() { return forwarded.contains("proto=https") }
        return false
    }
}

/// Settles, once per request and before anything reads them, the context's client address and
/// whether the request came over HTTPS (``TrustedProxies``): the throttles, the cookies' `Secure`
/// and HSTS all read them from there.
package struct ClientResolution: RouterMiddleware {
    package init(proxies: TrustedProxies) {
        self.proxies = proxies
    }

    package typealias Context = WebRequestContext
    package let proxies: TrustedProxies

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        (context.clientAddress, context.cameOverHTTPS) = proxies.resolve(peer: context.peerAddress, request)
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    package static let xForwardedFor = Self("X-Forwarded-For")!
    package static let xForwardedProto = Self("X-Forwarded-Proto")!
    package static let forwarded = Self("Forwarded")!
}
