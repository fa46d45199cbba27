import Foundation
import HTTPTransport
import Logging

/// The HTTP client every Bottega source uses: cached, polite per host, retrying what is
/// worth retrying, and failing with a `FetchError` that says what happened. The bytes travel
/// over the ``HTTPTransport`` it is given (AsyncHTTPClient in `bottega`, URLSession in an iOS app).
public final class Fetcher: Sendable {
    public let configuration: FetchConfiguration
    private let transport: any HTTPTransport
    private let cache: ResponseCache?
    private let gate = PolitenessGate()
    private let logger: Logger

    public init(configuration: FetchConfiguration = FetchConfiguration(), transport: any HTTPTransport, logger: Logger = Logger(label: "bottega.fetch")) {
        self.configuration = configuration
        self.transport = transport
        self.logger = logger
        cache = configuration.cacheDirectory.map { ResponseCache(directory: $0, sizeLimit: configuration.cacheSizeLimit) }
    }

    public func get(_ url: URL) async throws(FetchError) -> FetchResponse {
        try await get(FetchRequest(url: url))
    }

    /// The response for `request`: from the cache when fresh enough (or offline), otherwise
    /// from the network, politely, and then cached. Only 2xx responses that pass the
    /// request's block check are returned or cached.
    public func get(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let url = request.url.absoluteString
        let key = CacheKey.of(url, removing: configuration.secretQueryParameters)
        if let cached = cache?.lookup(key, url: url) {
            let age = Duration.milliseconds(Int(Date().timeIntervalSince(cached.fetchedAt) * 1000))
            if configuration.offline || age < (request.maxAge ?? configuration.maxAge) {
                logger.debug("cache hit", metadata: ["url": "\(url)"])
                return cached
            }
        }
        if configuration.offline { throw FetchError.notCached(url: url) }

        let response = try await fetchFromNetwork(request)
        if let reason = request.blockCheck?(response) { throw FetchError.blocked(url: url, reason: reason) }
        guard (200..<300).contains(response.status) else { throw FetchError.http(status: response.status, url: url) }
        do {
            try cache?.store(response, key: key, finalKey: CacheKey.of(response.finalURL, removing: configuration.secretQueryParameters))
        } catch {
            logger.warning("cannot write the response cache", metadata: ["error": "\(error)"])
        }
        return response
    }

    private func fetchFromNetwork(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        var target = request.url
        var address = try admit(target, for: request)
        var retries = 0
        var redirects = 0
        while true {
            let response = try await send(to: target, at: address, for: request)
            switch response.status {
            case 301, 302, 303, 307, 308:
                guard let location = response.headers["location"],
                      let next = URL(string: location, relativeTo: target)?.absoluteURL else { return response }
                if next.path.hasPrefix("/sorry") {
                    throw FetchError.blocked(url: request.url.absoluteString, reason: "redirected to Google's /sorry/ page (\"unusual traffic\")")
                }
                if let reason = request.redirectCheck?(next) { throw FetchError.blocked(url: request.url.absoluteString, reason: reason) }
                redirects += 1
                guard redirects <= 5 else { throw FetchError.http(status: response.status, url: request.url.absoluteString) }
                // Each hop is judged as the first was, before anything is sent to it.
                address = try admit(next, for: request)
                target = next
            case 429, 503:
                let asked = RetryAfter.delay(response.headers["retry-after"], now: Date())
                retries += 1
                if retries > configuration.maxRetries || (asked ?? .zero) > configuration.longestRetryWait {
                    throw FetchError.rateLimited(url: request.url.absoluteString, retryAfter: asked)
                }
                try await pause(asked ?? backoff(after: retries))
            case 500, 502, 504 where retries < configuration.maxRetries:
                retries += 1
                try await pause(backoff(after: retries))
            default:
                return response
            }
        }
    }

    /// Where `target` may be connected to: `nil` (look the name up as usual) without a policy,
    /// else the address the policy judged. Whatever the policy, only http(s) is followed: the
    /// transport also speaks `http+unix:`, which a redirect must not turn into a local socket.
    private func admit(_ target: URL, for request: FetchRequest) throws(FetchError) -> String? {
        guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw FetchError.refused(
                url: target.absoluteString,
                reason: "\(target.absoluteString) is not an http(s) address, so Bottega does not follow it; ask the site for a plain web address")
        }
        guard let policy = request.outbound else { return nil }
        do throws(OutboundRefusal) {
            return try policy.destination(for: target)
        } catch {
            throw FetchError.refused(url: target.absoluteString, reason: error.reason)
        }
    }

    private func backoff(after retries: Int) -> Duration {
        configuration.retryBackoff * (1 << min(retries - 1, 6))
    }

    private func pause(_ duration: Duration) async throws(FetchError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw FetchError.cancelled
        }
    }

    /// One HTTP GET, holding the host's politeness gate for its whole duration.
    private func send(to target: URL, at address: String?, for request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let host = target.host ?? ""
        let politeness = configuration.politeness(for: host)
        try await gate.acquire(host)
        defer {
            let pause = Duration.milliseconds(Int(Double.random(in: politeness.gap) * 1000))
            Task { await gate.release(host, pause: pause) }
        }
        var headers = [(name: "User-Agent", value: configuration.userAgent), (name: "Accept-Language", value: "en")]
        for header in request.headers {
            headers.removeAll { $0.name.caseInsensitiveCompare(header.name) == .orderedSame }
            headers.append(header)
        }
        let url = request.url.absoluteString
        logger.debug("GET", metadata: ["url": "\(target.absoluteString)"])
        let outgoing = HTTPTransportRequest(
            url: target, headers: headers, timeout: configuration.timeout, maximumBodyBytes: configuration.maxBodyBytes, connectAddress: address)
        do throws(HTTPTransportFailure) {
            let response = try await transport.send(outgoing)
            var received: [String: String] = [:]
            for header in response.headers { received[header.name.lowercased()] = header.value }
            return FetchResponse(
                url: url, finalURL: target.absoluteString, status: response.status, headers: received,
                body: response.body, fetchedAt: Date(), fromCache: false
            )
        } catch {
            switch error {
            case .timedOut: throw FetchError.timeout(url: url)
            case .cancelled: throw FetchError.cancelled
            case .tooLarge: throw FetchError.transport(url: url, message: "the response is larger than \(configuration.maxBodyBytes / 1_048_576) MB")
            case .unreachable(let reason), .connectionLost(let reason, _): throw FetchError.transport(url: url, message: reason)
            }
        }
    }
}
