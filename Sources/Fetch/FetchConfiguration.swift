import Foundation

/// How often one host may be asked: one request at a time, with a random pause between them.
public struct HostPoliteness: Sendable, Equatable {
    /// The pause after one request ends and before the next to the same host starts, drawn
    /// uniformly from this range so the pattern does not look machine-made.
    public var gap: ClosedRange<Double>

    public init(gapSeconds: ClosedRange<Double>) {
        gap = gapSeconds
    }

    /// Google Scholar blocks clients that ask quickly: a 2–5 s pause, one request at a time.
    public static let googleScholar = HostPoliteness(gapSeconds: 2...5)
    /// APIs built for programs (OpenAlex allows 10 requests a second): a short pause.
    public static let api = HostPoliteness(gapSeconds: 0.1...0.1)
    /// No pause; for tests against a local server.
    public static let none = HostPoliteness(gapSeconds: 0...0)
}

/// Everything that decides how `Fetcher` talks to the network and its cache.
public struct FetchConfiguration: Sendable {
    /// Where responses are cached; `nil` for no cache.
    public var cacheDirectory: URL?
    /// A cached response younger than this is used without a request (the Ulm thesis: 12 hours).
    public var maxAge: Duration
    /// The cache's size cap in bytes; the oldest entries go first when it is exceeded.
    public var cacheSizeLimit: Int
    /// Answer only from the cache, whatever its age, and never open a connection.
    public var offline: Bool
    public var userAgent: String
    /// The whole request, connection to last byte.
    public var timeout: Duration
    /// An HTTP proxy, `host:port`.
    public var proxy: (host: String, port: Int)?
    /// Retries after 429/503 (honouring Retry-After) and after 500/502/504.
    public var maxRetries: Int
    /// The longest Retry-After we wait out; a longer one ends the fetch with `rateLimited`.
    public var longestRetryWait: Duration
    /// Pause between retries when the server does not say (doubled each time).
    public var retryBackoff: Duration
    /// Per-host politeness by host name; `defaultPoliteness` for the rest.
    public var politeness: [String: HostPoliteness]
    public var defaultPoliteness: HostPoliteness
    /// Bodies larger than this are refused rather than held in memory.
    public var maxBodyBytes: Int
    /// Query parameters that are secrets (OpenAlex's `api_key`): left out of cache keys and
    /// of everything the cache writes to disk.
    public var secretQueryParameters: Set<String> = ["api_key"]

    public init(
        cacheDirectory: URL? = nil,
        maxAge: Duration = .seconds(12 * 3600),
        cacheSizeLimit: Int = 256 * 1024 * 1024,
        offline: Bool = false,
        userAgent: String = FetchConfiguration.defaultUserAgent,
        timeout: Duration = .seconds(30),
        proxy: (host: String, port: Int)? = nil,
        maxRetries: Int = 3,
        longestRetryWait: Duration = .seconds(120),
        retryBackoff: Duration = .seconds(2),
        politeness: [String: HostPoliteness] = FetchConfiguration.knownHosts,
        defaultPoliteness: HostPoliteness = .api,
        maxBodyBytes: Int = 32 * 1024 * 1024
    ) {
        self.cacheDirectory = cacheDirectory
        self.maxAge = maxAge
        self.cacheSizeLimit = cacheSizeLimit
        self.offline = offline
        self.userAgent = userAgent
        self.timeout = timeout
        self.proxy = proxy
        self.maxRetries = maxRetries
        self.longestRetryWait = longestRetryWait
        self.retryBackoff = retryBackoff
        self.politeness = politeness
        self.defaultPoliteness = defaultPoliteness
        self.maxBodyBytes = maxBodyBytes
    }

    /// The hosts Bottega asks, each at its published rate: Crossref's public pool 5 requests a
    /// second, Semantic Scholar 1 a second with a key, NCBI 3 a second without a key, dblp about
    /// 1 a second, ORCID's public API 24 a second.
    public static let knownHosts: [String: HostPoliteness] = [
        "scholar.google.com": .googleScholar, "api.openalex.org": .api,
        "api.crossref.org": HostPoliteness(gapSeconds: 0.2...0.25), "api.semanticscholar.org": HostPoliteness(gapSeconds: 1.05...1.1),
        "eutils.ncbi.nlm.nih.gov": HostPoliteness(gapSeconds: 0.35...0.4), "dblp.org": HostPoliteness(gapSeconds: 1.0...1.2),
        "pub.orcid.org": HostPoliteness(gapSeconds: 0.05...0.1),
    ]

    /// A browser-like agent: Google Scholar serves its normal markup to browsers only.
    public static let defaultUserAgent =
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Bottega/1.0"

    func politeness(for host: String) -> HostPoliteness {
        politeness[host.lowercased()] ?? defaultPoliteness
    }
}
