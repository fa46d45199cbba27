import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The HTTP client every Bottega source uses: cached, polite per host, retrying what is
/// worth retrying, and failing with a `FetchError` that says what happened.
///
/// Call `shutdown()` when done (or use `withFetcher`): AsyncHTTPClient requires it.
public final class Fetcher: Sendable {
    public let configuration: FetchConfiguration
    private let client: HTTPClient
    private let cache: ResponseCache?
    private let gate = PolitenessGate()
    private let logger: Logger

    public init(configuration: FetchConfiguration = FetchConfiguration(), logger: Logger = Logger(label: "bottega.fetch")) {
        self.configuration = configuration
        self.logger = logger
        var clientConfiguration = HTTPClient.Configuration(
            // Redirects are followed here, one by one, so a redirect to /sorry/ is seen.
            redirectConfiguration: .disallow,
            decompression: .enabled(limit: .size(configuration.maxBodyBytes))
        )
        if let proxy = configuration.proxy { clientConfiguration.proxy = .server(host: proxy.host, port: proxy.port) }
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
        cache = configuration.cacheDirectory.map { ResponseCache(directory: $0, sizeLimit: configuration.cacheSizeLimit) }
    }

    /// Runs `body` with a fetcher and shuts it down afterwards, whether `body` throws or not.
    public static func withFetcher<Result>(
        _ configuration: FetchConfiguration,
        _ body: (Fetcher) async throws -> Result
    ) async throws -> Result {
        let fetcher = Fetcher(configuration: configuration)
        do {
            let result = try await body(fetcher)
            try await fetcher.shutdown()
            return result
        } catch {
            try? await fetcher.shutdown()
            throw error
        }
    }

    public func shutdown() async throws {
        try await client.shutdown()
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
        var retries = 0
        var redirects = 0
        while true {
            let response = try await send(to: target, for: request)
            switch response.status {
            case 301, 302, 303, 307, 308:
                guard let location = response.headers["location"],
                      let next = URL(string: location, relativeTo: target)?.absoluteURL else { return response }
                if next.path.hasPrefix("/sorry") {
                    throw FetchError.blocked(url: request.url.absoluteString, reason: "redirected to Google's /sorry/ page (\"unusual traffic\")")
                }
                redirects += 1
                guard redirects <= 5 else { throw FetchError.http(status: response.status, url: request.url.absoluteString) }
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
    private func send(to target: URL, for request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let host = target.host ?? ""
        let politeness = configuration.politeness(for: host)
        try await gate.acquire(host)
        defer {
            let pause = Duration.milliseconds(Int(Double.random(in: politeness.gap) * 1000))
            Task { await gate.release(host, pause: pause) }
        }
        var outgoing = HTTPClientRequest(url: target.absoluteString)
        outgoing.headers.add(name: "User-Agent", value: configuration.userAgent)
        outgoing.headers.add(name: "Accept-Language", value: "en")
        for header in request.headers { outgoing.headers.replaceOrAdd(name: header.name, value: header.value) }
        let url = request.url.absoluteString
        logger.debug("GET", metadata: ["url": "\(target.absoluteString)"])
        do {
            let response = try await client.execute(outgoing, timeout: TimeAmount(configuration.timeout))
            let body = try await response.body.collect(upTo: configuration.maxBodyBytes)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return FetchResponse(
                url: url, finalURL: target.absoluteString, status: Int(response.status.code), headers: headers,
                body: Array(buffer: body), fetchedAt: Date(), fromCache: false
            )
        } catch let error as HTTPClientError where [.readTimeout, .connectTimeout, .deadlineExceeded].contains(error) {
            throw FetchError.timeout(url: url)
        } catch is NIOTooManyBytesError {
            throw FetchError.transport(url: url, message: "the response is larger than \(configuration.maxBodyBytes / 1_048_576) MB")
        } catch is CancellationError {
            throw FetchError.cancelled
        } catch {
            throw FetchError.transport(url: url, message: Self.plainWords(error))
        }
    }

    /// A network failure in a person's words ("connection refused"), never a library's dump
    /// ("connection reset (error set): Connection refused (errno: 111)").
    static func plainWords(_ error: any Error) -> String {
        if let io = error as? IOError { return plainWords(errno: io.errnoCode) }
        if let http = error as? HTTPClientError {
            if http == .remoteConnectionClosed { return "the server closed the connection before answering" }
            if [.invalidURL, .emptyHost, .emptyScheme].contains(http) { return "the address is not a valid http(s) URL" }
        }
        let text = String(describing: error)
        // NIO's connection error lists one failure per address tried; the errno is what matters.
        if let range = text.range(of: #"errno: (\d+)"#, options: .regularExpression),
           let code = Int32(text[range].dropFirst("errno: ".count)) {
            return plainWords(errno: code)
        }
        if text.contains("dns") || text.contains("DNS") { return "the server's name could not be resolved" }
        return "the connection failed"
    }

    static func plainWords(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ECONNRESET: "the connection was reset"
        case ENETUNREACH: "the network is unreachable"
        case EHOSTUNREACH: "the host is unreachable"
        case ETIMEDOUT: "the connection timed out"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
