import Foundation
import HTTPTransport

/// What to fetch, and how to tell a page that only looks like an answer.
public struct FetchRequest: Sendable {
    public var url: URL
    public var headers: [(name: String, value: String)]
    /// Overrides the configuration's cache age for this request (e.g. `.zero` to refresh).
    public var maxAge: Duration?
    /// Returns a reason when a 200 response is really a refusal (a CAPTCHA page): the fetch
    /// then fails with `blocked`, and the page is not cached.
    public var blockCheck: (@Sendable (FetchResponse) -> String?)?
    /// Returns a reason when a redirect's target is itself a refusal (a sign-in page): the fetch
    /// fails with `blocked` without following it.
    public var redirectCheck: (@Sendable (URL) -> String?)?
    /// Where a user-named address may go (a homepage): asked before the first request and
    /// before every redirect is followed, and each request connects to the address it returned.
    /// `nil` for the sources Bottega itself names (Google Scholar, OpenAlex).
    public var outbound: (any OutboundPolicy)?

    public init(
        url: URL,
        headers: [(name: String, value: String)] = [],
        maxAge: Duration? = nil,
        blockCheck: (@Sendable (FetchResponse) -> String?)? = nil,
        redirectCheck: (@Sendable (URL) -> String?)? = nil,
        outbound: (any OutboundPolicy)? = nil
    ) {
        self.url = url
        self.headers = headers
        self.maxAge = maxAge
        self.blockCheck = blockCheck
        self.redirectCheck = redirectCheck
        self.outbound = outbound
    }
}

/// A successful response, from the network or the cache.
public struct FetchResponse: Sendable, Codable, Equatable {
    /// The URL asked for.
    public var url: String
    /// The URL that answered, after redirects.
    public var finalURL: String
    public var status: Int
    /// Header names lowercased; a repeated header keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]
    /// When it was fetched from the network.
    public var fetchedAt: Date
    /// True when this answer came from the cache without a request.
    public var fromCache: Bool

    public init(url: String, finalURL: String, status: Int, headers: [String: String], body: [UInt8], fetchedAt: Date, fromCache: Bool) {
        self.url = url
        self.finalURL = finalURL
        self.status = status
        self.headers = headers
        self.body = body
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}
