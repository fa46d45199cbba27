import Foundation

/// How Bottega counts clients by address for its per-client limits.
enum ClientAddress {
    /// An IPv4 address as it is; an IPv6 address by its first 64 bits, the block one subscriber
    /// is usually given whole (RFC 6177), so that the 2^64 addresses of one /64 count as one
    /// client rather than an unlimited supply of them.
    static func subscriberPrefix(_ address: String) -> String {
        var bytes = in6_addr()
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        let prefix = withUnsafeBytes(of: &bytes) { Array($0.prefix(8)) }
        // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 address.
        let raw = withUnsafeBytes(of: &bytes) { Array($0) }
        if raw[0..<10].allSatisfy({ $0 == 0 }), raw[10] == 0xFF, raw[11] == 0xFF {
            return raw[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(prefix[$0]) << 8 | UInt16(prefix[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
