import Foundation
import HTTPTypes
import Hummingbird

/// The names this server answers to (Django's `ALLOWED_HOSTS`): 127.0.0.1, localhost, [::1],
/// the address it listens on, `--public-url`'s host and every `--allowed-host`; bound to 0.0.0.0
/// or `::` without a public URL, this machine's interface addresses too. Ports are not compared:
/// what DNS rebinding changes is the name (a page on attacker.example whose name is made to
/// resolve to 127.0.0.1 sends `Host: attacker.example:PORT`), and a proxy in front may pass its
/// own port on. A request with no `Host` at all (HTTP/1.0) is served: every browser sends one,
/// so it cannot be a rebound page.
package struct AllowedHosts: Sendable {
    /// Lowercased names, without a trailing dot.
    package let names: Set<String>
    package let addresses: Set<IPAddress>
    /// Where to open the server instead, for the refusal's message.
    package let home: String

    package init(_ configuration: WebConfiguration, interfaces: () -> [IPAddress] = InterfaceAddresses.current) {
        var names: Set<String> = ["localhost"]
        var addresses: Set<IPAddress> = Set(["127.0.0.1", "::1"].compactMap { IPAddress($0) })
        let bound = configuration.host
        let wildcard = ["0.0.0.0", "::", "[::]", ""].contains(bound)
        for name in [bound] + (configuration.publicURL?.host.map { [$0] } ?? []) + configuration.allowedHosts where !name.isEmpty {
            if let address = IPAddress(name) {
                if !wildcard || name != bound { addresses.insert(address) }
            } else {
                names.insert(Self.normalized(name))
            }
        }
        if wildcard && configuration.publicURL == nil { addresses.formUnion(interfaces()) }
        self.names = names
        self.addresses = addresses
        home = configuration.publicURL?.absoluteString ?? "http://127.0.0.1:\(configuration.port)/"
    }

    /// Whether a request to `authority` (the `Host` header: `name[:port]`, `[v6][:port]`) is for
    /// this server; true for none at all.
    package func allows(_ authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return true }
        guard let host = Self.host(of: authority) else { return false }
        if let address = IPAddress(host) { return addresses.contains(address) }
        return names.contains(Self.normalized(host))
    }

    /// The host part of an authority; nil when it is malformed (a port that is not a number, an
    /// IPv6 address without brackets, user information).
    package static func host(of authority: String) -> String? {
        guard !authority.contains("@") else { return nil }
        var host = Substring(authority)
        var port: Substring = ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            port = authority[authority.index(after: close)...]
            guard port.isEmpty || port.hasPrefix(":") else { return nil }
            port = port.dropFirst()
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
            if port.contains(":") { return nil }
        }
        guard !host.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), port.count <= 5 else { return nil }
        return String(host)
    }

    package static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }
}

/// Refuses a request for a name that is not this server's (``AllowedHosts``) with 421 Misdirected
/// Request, before the cross-site guard or any route sees it: with a rebound name the browser
/// takes the attacker's page and Bottega for one origin, so `Origin` and `Sec-Fetch-Site` say
/// "same origin" and only `Host` tells them apart (issue 36: such a page read the owner's
/// searches and rewrote the agent's e-mail).
package struct HostGuard: RouterMiddleware {
    package init(hosts: AllowedHosts) {
        self.hosts = hosts
    }

    package typealias Context = WebRequestContext
    package let hosts: AllowedHosts

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.head.authority
        guard hosts.allows(authority) else { throw UnknownHost(authority: authority ?? "", home: hosts.home) }
        return try await next(request, context)
    }
}

package struct UnknownHost: PublicFailure {
    package init(authority: String, home: String) {
        self.authority = authority
        self.home = home
    }

    package let authority: String
    package let home: String

    package var status: HTTPResponse.Status { .misdirectedRequest }
    package var code: String { "unknown_host" }
    package var message: String {
        let name = AllowedHosts.host(of: authority).map { String($0.prefix(100)) } ?? String(authority.prefix(100))
        return "This server does not answer to the name “\(name)” (the request's Host): a page on another site can point its own name at this machine, "
            + "so Bottega serves only its own names. Open \(home) instead; if “\(name)” is this server's real name, start `bottega serve` with --allowed-host \(name)."
    }
}
