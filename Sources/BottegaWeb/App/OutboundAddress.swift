import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Bottega may send a request a user named (a homepage to check, the agent's company
/// server): not to this machine nor a private network unless `--allow-private-fetch` says so.
/// Otherwise anyone reaching the server could make it probe 127.0.0.1 or the LAN, and carry the
/// agent's credentials there.
enum OutboundAddress {
    struct Refused: Error, Equatable {
        let host: String

        var message: String {
            "\(host) is on this machine or a private network, where Bottega does not send requests (start it with --allow-private-fetch to allow that)"
        }
    }

    /// Refuses `url` when its host is, or resolves to, a loopback, link-local, private, shared,
    /// multicast or unspecified address (every address the name resolves to is checked).
    static func check(_ url: URL) throws(Refused) {
        let host = url.host ?? ""
        let addresses = resolve(host)
        guard !addresses.isEmpty, addresses.allSatisfy(isPublic) else { throw Refused(host: host) }
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
            if let socket = current.pointee.ai_addr {
                switch Int32(current.pointee.ai_family) {
                case AF_INET:
                    socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                        addresses.append(withUnsafeBytes(of: ipv4.pointee.sin_addr) { Array($0) })
                    }
                case AF_INET6:
                    socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                        addresses.append(withUnsafeBytes(of: ipv6.pointee.sin6_addr) { Array($0) })
                    }
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    /// Whether an address (4 or 16 bytes) is one the internet routes to anybody.
    static func isPublic(_ address: [UInt8]) -> Bool {
        if address.count == 16 {
            // IPv4-mapped (::ffff:a.b.c.d): judged as IPv4.
            if address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF { return isPublic(Array(address[12...])) }
            if address.allSatisfy({ $0 == 0 }) { return false }                          // ::
            if address[0..<15].allSatisfy({ $0 == 0 }) && address[15] == 1 { return false } // ::1
            if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return false }          // fe80::/10 link-local
            if address[0] & 0xFE == 0xFC { return false }                                // fc00::/7 unique local
            if address[0] == 0xFF { return false }                                       // multicast
            return true
        }
        guard address.count == 4 else { return false }
        let (a, b) = (address[0], address[1])
        switch a {
        case 0, 10, 127: return false                     // this network, private, loopback
        case 100 where b & 0xC0 == 64: return false       // 100.64/10 shared (carrier NAT)
        case 169 where b == 254: return false             // link-local (cloud metadata)
        case 172 where b & 0xF0 == 16: return false       // 172.16/12
        case 192 where b == 168: return false             // 192.168/16
        case 224...255: return false                      // multicast, reserved, broadcast
        default: return true
        }
    }
}
