import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes (4 or 16), parsed from a literal: what the trusted-proxy
/// list, `X-Forwarded-For` and the login throttle's per-address keys compare. An IPv4-mapped
/// IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is taken as the IPv4 one,
/// so one client never has two names.
package struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    package let bytes: [UInt8]

    /// Parses `192.0.2.1`, `2001:db8::1`, `[2001:db8::1]` (brackets as in a URL); nil for
    /// anything else (a name, a port, garbage).
    package init?(_ text: some StringProtocol) {
        var literal = String(text).trimmingCharacters(in: .whitespaces)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        // A zone (`fe80::1%eth0`) names an interface, not another address.
        if let percent = literal.firstIndex(of: "%") { literal = String(literal[..<percent]) }
        guard !literal.isEmpty, literal.count <= 45 else { return nil }
        var v4 = in_addr()
        if literal.contains("."), !literal.contains(":"), inet_pton(AF_INET, literal, &v4) == 1 {
            bytes = withUnsafeBytes(of: v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard literal.contains(":"), inet_pton(AF_INET6, literal, &v6) == 1 else { return nil }
        let raw = withUnsafeBytes(of: v6) { Array($0) }
        bytes = Self.isMappedIPv4(raw) ? Array(raw[12...]) : raw
    }

    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = Self.isMappedIPv4(bytes) ? Array(bytes[12...]) : bytes
    }

    package var isIPv6: Bool { bytes.count == 16 }

    package var description: String {
        if !isIPv6 { return bytes.map(String.init).joined(separator: ".") }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The part of the address one client controls, for per-address limits: the whole IPv4
    /// address, but an IPv6 /64, since one home or one cloud machine is given a whole /64 and
    /// could otherwise guess from 2^64 addresses (RFC 6177 recommends at least a /64 per site).
    package var clientNetwork: String {
        isIPv6 ? "\(IPNetwork(self, prefixLength: 64).base)/64" : description
    }

    private static func isMappedIPv4(_ raw: [UInt8]) -> Bool {
        raw.count == 16 && raw[0..<10].allSatisfy { $0 == 0 } && raw[10] == 0xFF && raw[11] == 0xFF
    }
}

/// An address range in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`), or one address.
package struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The range's first address (the host bits cleared).
    package let base: IPAddress
    package let prefixLength: Int

    package init(_ address: IPAddress, prefixLength: Int) {
        let bits = address.bytes.count * 8
        let length = max(0, min(bits, prefixLength))
        base = IPAddress(bytes: Self.masked(address.bytes, to: length)) ?? address
        self.prefixLength = length
    }

    /// Parses `ADDRESS` or `ADDRESS/BITS`; nil when either part is wrong.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            self.init(address, prefixLength: length)
        } else {
            self.init(address, prefixLength: bits)
        }
    }

    package func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == base.bytes.count && Self.masked(address.bytes, to: prefixLength) == base.bytes
    }

    package var description: String {
        prefixLength == base.bytes.count * 8 ? base.description : "\(base)/\(prefixLength)"
    }

    private static func masked(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = max(0, min(8, length - index * 8))
            return kept == 8 ? byte : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}

/// This machine's own interface addresses (`getifaddrs`), IPv4-mapped ones as IPv4: the names a
/// server bound to 0.0.0.0 or `::` answers to on the LAN (read once at start-up, so an address
/// gained later needs `--allowed-host` or a restart), and what an outbound request may not reach
/// (``OutboundAddress``, read on each check).
package enum InterfaceAddresses {
    package static func current() -> [IPAddress] {
        var found: [IPAddress] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(first) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            if let socket = current.pointee.ifa_addr {
                switch Int32(socket.pointee.sa_family) {
                case AF_INET:
                    socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                        IPAddress(bytes: withUnsafeBytes(of: ipv4.pointee.sin_addr) { Array($0) }).map { found.append($0) }
                    }
                case AF_INET6:
                    socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                        IPAddress(bytes: withUnsafeBytes(of: ipv6.pointee.sin6_addr) { Array($0) }).map { found.append($0) }
                    }
                default: break
                }
            }
            entry = current.pointee.ifa_next
        }
        return found
    }
}
