import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc

private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#endif

/// How `bottega serve` runs: where it listens and where its data lives.
public struct WebConfiguration: Sendable {
    /// Loopback only by default: Bottega is a personal server.
    public var host: String
    public var port: Int
    /// Shown on the home screen so a user knows which file holds their searches.
    public var databasePath: String
    /// The address browsers use (`https://bottega.example.com`) when it is not the one the
    /// server listens on, as behind a TLS proxy: a request whose `Origin` is this one is this
    /// server's own (``CrossSiteGuard``), whatever `Host` the proxy passes on.
    public var publicURL: URL?
    /// Further names the server answers to (`--allowed-host`), beside its own (``AllowedHosts``).
    public var allowedHosts: [String] = []
    /// Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` count (`--trusted-proxy`): an
    /// address or a CIDR range each (``TrustedProxies``); checked with ``isAddressOrRange(_:)``.
    public var trustedProxies: [String] = []

    /// How long a connection may wait between complete parts of a request (its head, then each
    /// piece of its body) and between requests, before it is closed.
    public var readTimeout: TimeAmount
    /// Connections past this many are answered 503 and closed at once.
    public var maximumConnections: Int
    /// Password checks and photo decodes that may run or wait at once; more are answered 503.
    public var slowWorkQueueLimit: Int

    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String = "bottega.sqlite",
        readTimeout: TimeAmount = .seconds(10), maximumConnections: Int = WebConfiguration.defaultMaximumConnections,
        slowWorkQueueLimit: Int = 4 * System.coreCount
    ) {
        self.slowWorkQueueLimit = slowWorkQueueLimit
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.readTimeout = readTimeout
        self.maximumConnections = maximumConnections
    }

    /// Whether `text` is an IP address or a CIDR range (`10.0.0.0/8`), as `--trusted-proxy` takes.
    public static func isAddressOrRange(_ text: String) -> Bool {
        IPNetwork(text) != nil
    }

    /// Whether `text` can be a host name or address in a `Host` header (`--allowed-host`).
    public static func isHostName(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 253 else { return false }
        if IPAddress(text) != nil { return true }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    package var proxies: TrustedProxies { TrustedProxies(trustedProxies.compactMap(IPNetwork.init)) }

    /// Whether answers go out with HSTS whatever the request: the public address is https.
    package var publicURLIsHTTPS: Bool { publicURL?.scheme?.lowercased() == "https" }

    /// What the process's file-descriptor limit allows, less 512 for the database, the caches
    /// and outgoing connections, so that the limit, not a failed accept, is what a flood meets.
    /// Call ``raiseFileDescriptorLimit()`` first to count the hard limit rather than the soft one.
    public static var defaultMaximumConnections: Int {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return 1024 }
        return max(64, Int(clamping: limit.rlim_cur) - 512)
        #else
        return 1024
        #endif
    }

    /// Raises the soft file-descriptor limit to the hard one (Linux's soft default, 1024, is too
    /// few for a server), and returns the new soft limit.
    @discardableResult
    public static func raiseFileDescriptorLimit() -> Int? {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(RLIMIT_NOFILE_VALUE, &limit)
            _ = getrlimit(RLIMIT_NOFILE_VALUE, &limit)
        }
        return Int(clamping: limit.rlim_cur)
        #else
        return nil
        #endif
    }
}
