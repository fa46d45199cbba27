import Foundation
import HTTPTransport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Bottega may send a request a user named (a homepage to check and every page it redirects
/// to, the agent's company server): not to this machine nor a private network unless
/// `--allow-private-fetch` says so. Otherwise anyone reaching the server could make it probe
/// 127.0.0.1 or the LAN, and carry the agent's credentials there.
///
/// The name is looked up once; every address it has must pass, and the request then connects to
/// the first of them (``OutboundPolicy``), so a name that answers differently a second time (DNS
/// rebinding) is never looked up a second time. "This machine" is its loopback and also every
/// address of its own interfaces (getifaddrs), its public one included, which no range rule knows.
package struct OutboundAddress: OutboundPolicy {
    package init(permits: @escaping @Sendable (_ address: [UInt8], _ port: Int) -> Bool, resolve: @escaping @Sendable (_ host: String) -> [[UInt8]]) {
        self.permits = permits
        self.resolve = resolve
    }

    /// Whether a request may connect to `address` (4 or 16 bytes) on `port`.
    package let permits: @Sendable (_ address: [UInt8], _ port: Int) -> Bool
    /// A name's addresses, 4 or 16 bytes each; empty when it does not resolve.
    package let resolve: @Sendable (_ host: String) -> [[UInt8]]

    /// Public addresses that are not this machine's own, names looked up by the system resolver.
    package static let standard = OutboundAddress(
        permits: { address, _ in permitted(address, interfaces: interfaceAddresses()) },
        resolve: { resolve($0) })

    /// The policy requests use; tests replace it to treat one local server as "elsewhere".
    @TaskLocal static package var current: OutboundAddress = .standard

    package func destination(for url: URL) throws(OutboundRefusal) -> String {
        let host = url.host ?? ""
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw OutboundRefusal(host: host, reason: "\(url.absoluteString) is not an http(s) address; Bottega sends requests to web addresses only")
        }
        guard !host.isEmpty else { throw OutboundRefusal(host: host, reason: "\(url.absoluteString) names no host; give a full address such as https://example.org/") }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let addresses = resolve(host)
        guard let first = addresses.first else {
            throw OutboundRefusal(host: host, reason: "\(host) does not resolve to any address; check the spelling of the address")
        }
        // Every address must pass, not just the one connected to: a name that mixes a public
        // address with 127.0.0.1 is made to probe this machine.
        guard addresses.allSatisfy({ permits($0, port) }), let text = Self.text(first) else {
            throw OutboundRefusal(
                host: host,
                reason: "\(host) is on this machine or a private network, where Bottega does not send requests (start it with --allow-private-fetch to allow that)")
        }
        return text
    }

    /// Refuses `url` under ``current``; the address it may be reached at otherwise.
    @discardableResult
    static func check(_ url: URL) throws(OutboundRefusal) -> String {
        try current.destination(for: url)
    }

    /// Whether `address` is public and none of `interfaces` (this machine's own addresses).
    static func permitted(_ address: [UInt8], interfaces: Set<[UInt8]>) -> Bool {
        isPublic(address) && !interfaces.contains(canonical(address))
    }

    /// The name's addresses as 4 or 16 bytes; empty when it does not resolve.
    static func resolve(_ host: String) -> [[UInt8]] {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let socket = current.pointee.ai_addr, let address = bytes(of: socket) { addresses.append(address) }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    /// The addresses of this machine's own interfaces (loopback, LAN, and a public one where the
    /// machine has it), IPv4-mapped ones as IPv4. Read afresh on each check: an address a DHCP
    /// lease or a VPN gives later counts as soon as it is there.
    static func interfaceAddresses() -> Set<[UInt8]> {
        Set(InterfaceAddresses.current().map(\.bytes))
    }

    private static func bytes(of socket: UnsafeMutablePointer<sockaddr>) -> [UInt8]? {
        switch Int32(socket.pointee.sa_family) {
        case AF_INET:
            socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in withUnsafeBytes(of: ipv4.pointee.sin_addr) { Array($0) } }
        case AF_INET6:
            socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in withUnsafeBytes(of: ipv6.pointee.sin6_addr) { Array($0) } }
        default: nil
        }
    }

    /// An IPv4-mapped address (::ffff:a.b.c.d) as the IPv4 address it is.
    static func canonical(_ address: [UInt8]) -> [UInt8] {
        if address.count == 16, address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF { return Array(address[12...]) }
        return address
    }

    /// The address as inet_ntop writes it (`93.184.216.34`, `2001:db8::1`).
    static func text(_ address: [UInt8]) -> String? {
        let family = address.count == 4 ? AF_INET : AF_INET6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = address.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        return written == nil ? nil : String(cString: buffer)
    }

    /// Whether an address (4 or 16 bytes) is one the internet routes to anybody.
    static func isPublic(_ address: [UInt8]) -> Bool {
        if address.count == 16 {
            // Forms that carry an IPv4 address are judged by it: IPv4-mapped (::ffff:a.b.c.d),
            // IPv4-compatible (::a.b.c.d, RFC 4291 §2.5.5.1), NAT64 (64:ff9b::/96, RFC 6052) and
            // 6to4 (2002:aabb:ccdd::/48, RFC 3056), each of which reaches that IPv4 address.
            if address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF { return isPublic(Array(address[12...])) }
            if address.allSatisfy({ $0 == 0 }) { return false }                          // ::
            if address[0..<15].allSatisfy({ $0 == 0 }) && address[15] == 1 { return false } // ::1
            if address[0..<12].allSatisfy({ $0 == 0 }) { return isPublic(Array(address[12...])) }
            if address[0..<4] == [0x00, 0x64, 0xFF, 0x9B], address[4..<12].allSatisfy({ $0 == 0 }) { return isPublic(Array(address[12...])) }
            if address[0] == 0x20 && address[1] == 0x02 { return isPublic(Array(address[2..<6])) }
            if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return false }          // fe80::/10 link-local
            if address[0] == 0xFE && address[1] & 0xC0 == 0xC0 { return false }          // fec0::/10 site-local (RFC 3879)
            if address[0] & 0xFE == 0xFC { return false }                                // fc00::/7 unique local
            if address[0] == 0xFF { return false }                                       // multicast
            return true
        }
        guard address.count == 4 else { return false }
        let (a, b, c) = (address[0], address[1], address[2])
        switch a {
        case 0, 10, 127: return false                     // this network, private, loopback
        case 100 where b & 0xC0 == 64: return false       // 100.64/10 shared (carrier NAT)
        case 169 where b == 254: return false             // link-local (cloud metadata)
        case 172 where b & 0xF0 == 16: return false       // 172.16/12
        case 192 where b == 168: return false             // 192.168/16
        case 192 where b == 0 && c == 0: return false     // 192.0.0/24 protocol assignments (RFC 6890)
        case 198 where b & 0xFE == 18: return false       // 198.18/15 benchmarking, never routed
        case 224...255: return false                      // multicast, reserved, broadcast
        default: return true
        }
    }
}
