import Foundation

/// Why a fetch gave no usable page. Each case says what happened and what the user can do.
public enum FetchError: Error, Sendable, Equatable, LocalizedError {
    /// The site refuses to serve us: a CAPTCHA, an "unusual traffic" page, a redirect to
    /// Google's `/sorry/`. Retrying at once makes it worse.
    case blocked(url: String, reason: String)
    /// Too many requests (429 or 503) and the server's `Retry-After` is longer than we wait,
    /// or retries ran out. `retryAfter` is what the server asked for, when it said.
    case rateLimited(url: String, retryAfter: Duration?)
    /// No complete response within the configured timeout.
    case timeout(url: String)
    /// A final HTTP status that is not success.
    case http(status: Int, url: String)
    /// Offline mode, and the page is not in the cache.
    case notCached(url: String)
    /// The connection failed (DNS, refused, TLS, a body over the size limit, …).
    case transport(url: String, message: String)
    /// The task was cancelled while waiting or fetching.
    case cancelled
    /// Not sent: the address, or a redirect's target, is one the request's ``FetchRequest/outbound``
    /// policy refuses (this machine, a private network), or a redirect leads to a scheme other than
    /// http(s). `url` is the address refused, `reason` says why and what to do.
    case refused(url: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .blocked(let url, let reason):
            "blocked by \(Self.host(url)): \(reason). Wait a few hours before trying again, or use saved pages (--offline)"
        case .rateLimited(let url, let retryAfter):
            "rate-limited by \(Self.host(url))" + (retryAfter.map { "; it asks to wait \(Self.describe($0))" } ?? "")
                + ". Try again later"
        case .timeout(let url): "no answer from \(Self.host(url)) in time; check the connection or raise the timeout"
        case .http(let status, let url): "\(Self.host(url)) answered HTTP \(status) for \(url)"
        case .notCached(let url): "offline, and \(url) is not in the cache; run once online to cache it"
        case .transport(let url, let message): "cannot reach \(Self.host(url)): \(message)"
        case .cancelled: "cancelled"
        case .refused(_, let reason): reason
        }
    }

    private static func host(_ url: String) -> String {
        URL(string: url)?.host ?? url
    }

    private static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds >= 120 ? "\(seconds / 60) minutes" : "\(seconds) s"
    }
}
