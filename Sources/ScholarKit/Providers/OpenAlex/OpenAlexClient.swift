import Fetch
import Foundation

/// The OpenAlex REST API (https://docs.openalex.org) through Bottega's `Fetcher`: cached,
/// polite, retried, with failures as `OpenAlexError`.
public struct OpenAlexClient: Sendable {
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://api.openalex.org") else {
            // A constant literal that always parses; a failure here is a typo in this file.
            preconditionFailure("the OpenAlex base URL literal does not parse")
        }
        return url
    }()

    /// Works per page: OpenAlex allows up to 200; 100 keeps each answer small while a
    /// typical author still fits in one or two requests (each list request costs credits).
    public static let pageSize = 100

    public let fetcher: Fetcher
    public let baseURL: URL
    /// Sent as `api_key=` on every request when set. It is part of the URL, so it is also
    /// part of the cache key (and of the cached entry's metadata).
    public let apiKey: String?
    /// Sent as `mailto=` when set. OpenAlex's "polite pool" used it; since February 2026 the
    /// API key has replaced it and it is ignored, but it still tells OpenAlex who is asking.
    public let mailto: String?
    /// How old a cached answer may be; `nil` is the fetcher's own age, `.zero` asks again.
    public var cacheMaxAge: Duration?

    public init(
        fetcher: Fetcher,
        baseURL: URL = OpenAlexClient.defaultBaseURL,
        apiKey: String? = nil,
        mailto: String? = nil,
        cacheMaxAge: Duration? = nil
    ) {
        self.cacheMaxAge = cacheMaxAge
        self.fetcher = fetcher
        self.baseURL = baseURL
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.mailto = mailto.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Authors whose names match `name` (`/authors?search=`), in OpenAlex's relevance order,
    /// without "Deleted Author" placeholders. Throws `.authorNotFound` when none is left.
    public func searchAuthors(_ name: String) async throws(OpenAlexError) -> [OpenAlexAuthorSummary] {
        let url = try endpoint("authors", [("search", name)])
        let page = try await fetchJSON(OpenAlexList<OpenAlexAuthorSummary>.self, from: url, entity: nil)
        let authors = page.results.filter { !$0.isDeleted }
        guard !authors.isEmpty else { throw OpenAlexError.authorNotFound(query: name) }
        return authors
    }

    /// One author by ID (`/authors/A…`; a singleton lookup costs no credits). A 404 or the
    /// "Deleted Author" placeholder is `.notFound`.
    public func author(_ id: String) async throws(OpenAlexError) -> OpenAlexAuthorSummary {
        let key = OpenAlexID.short(id)
        let url = try endpoint("authors/\(Self.encode(key))", [])
        let author = try await fetchJSON(OpenAlexAuthorSummary.self, from: url, entity: key)
        if author.isDeleted { throw OpenAlexError.notFound(id: key) }
        return author
    }

    /// The works of author `id` (`/works?filter=author.id:ID`), following `meta.next_cursor`
    /// from `cursor=*` until it is `null`, a page comes back empty, or `maxResults` works are
    /// in hand. `progress` is called after each page.
    public func works(
        ofAuthor id: String,
        maxResults: Int? = nil,
        progress: (@Sendable (OpenAlexProgress) -> Void)? = nil
    ) async throws(OpenAlexError) -> [OpenAlexWork] {
        let key = OpenAlexID.short(id)
        if let maxResults, maxResults <= 0 { return [] }
        var works: [OpenAlexWork] = []
        var cursor = "*"
        var seenCursors: Set<String> = [cursor]
        var page = 0
        while true {
            let url = try endpoint("works", [
                ("filter", "author.id:\(key)"), ("per_page", String(Self.pageSize)), ("cursor", cursor),
            ])
            let list = try await fetchJSON(OpenAlexList<OpenAlexWork>.self, from: url, entity: key)
            page += 1
            works.append(contentsOf: list.results)
            let matching = list.meta?.count ?? works.count
            let total = min(matching, maxResults ?? matching)
            let pageCount = max(1, (total + Self.pageSize - 1) / Self.pageSize)
            progress?(OpenAlexProgress(page: page, pageCount: max(pageCount, page), worksSoFar: min(works.count, total), totalWorks: total))

            if let maxResults, works.count >= maxResults { return Array(works.prefix(maxResults)) }
            // A cursor seen before would loop for ever; OpenAlex never sends one, but a proxy might.
            guard !list.results.isEmpty, let next = list.meta?.nextCursor, !next.isEmpty,
                  seenCursors.insert(next).inserted else { return works }
            cursor = next
        }
    }

    /// Works whose titles hold the words of `title` (`/works?filter=title.search:…`), at most
    /// `limit`, in OpenAlex's relevance order. Punctuation is dropped: a comma would part the
    /// filter, and the search ignores it anyway.
    public func works(titled title: String, limit: Int = 5) async throws(OpenAlexError) -> [OpenAlexWork] {
        let words = MatchText.normalizedTitle(title)
        guard !words.isEmpty else { return [] }
        let url = try endpoint("works", [("filter", "title.search:\(words)"), ("per_page", String(max(1, min(limit, 25))))])
        return try await fetchJSON(OpenAlexList<OpenAlexWork>.self, from: url, entity: nil).results
    }

    /// One work by its DOI (`/works/doi:10.…`, a singleton lookup); nil when OpenAlex does not know it.
    public func work(doi: String) async throws(OpenAlexError) -> OpenAlexWork? {
        let bare = FieldText.bareDOI(doi)
        let url = try endpoint("works/doi:" + bare.split(separator: "/", omittingEmptySubsequences: false).map { Self.encode(String($0)) }.joined(separator: "/"), [])
        do {
            return try await fetchJSON(OpenAlexWork.self, from: url, entity: bare)
        } catch {
            if case .notFound = error { return nil }
            throw error
        }
    }

    // MARK: - Requests

    /// `baseURL/path?query&api_key=…&mailto=…`, every value percent-encoded.
    func endpoint(_ path: String, _ query: [(String, String)]) throws(OpenAlexError) -> URL {
        var items = query
        if let apiKey { items.append(("api_key", apiKey)) }
        if let mailto { items.append(("mailto", mailto)) }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let queryString = items.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        let text = base + "/" + path + (queryString.isEmpty ? "" : "?" + queryString)
        guard let url = URL(string: text) else { throw OpenAlexError.badResponse(url: text, reason: "not a valid URL") }
        return url
    }

    /// Unreserved characters plus `:` `,` `*`, which OpenAlex's filter and cursor syntax use
    /// and RFC 3986 allows in a query; everything else (`+`, `=`, `&`, `/`, spaces) is escaped.
    private static let queryValueCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,*")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? value
    }

    /// GETs `url` and decodes it as `T`, turning every failure into an `OpenAlexError`.
    /// `entity` names what a 404 is about (an author ID); `nil` reports the URL.
    func fetchJSON<T: Decodable>(_ type: T.Type, from url: URL, entity: String?) async throws(OpenAlexError) -> T {
        let refused = RefusedResponse()
        let request = FetchRequest(
            url: url,
            headers: [(name: "Accept", value: "application/json")],
            maxAge: cacheMaxAge,
            // Fetcher hands a final non-2xx response to the block check before it throws
            // `.http(status:)` and drops the body; keep it to tell a spent budget from a 403.
            blockCheck: { response in
                if !(200..<300).contains(response.status) { refused.keep(response) }
                return nil
            }
        )
        let response: FetchResponse
        do {
            response = try await fetcher.get(request)
        } catch {
            throw map(error, refused: refused.response, url: url, entity: entity)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw OpenAlexError.badResponse(url: redacted(url), reason: Self.describe(error))
        }
    }

    private func map(_ error: FetchError, refused: FetchResponse?, url: URL, entity: String?) -> OpenAlexError {
        switch error {
        case .http(404, _), .http(410, _):
            return .notFound(id: entity ?? redacted(url))
        case .http:
            if let refused, let classified = OpenAlexRefusal.classify(refused, usingAPIKey: apiKey != nil) {
                return classified
            }
            return .fetch(error)
        case .rateLimited(_, let retryAfter):
            return OpenAlexRefusal.classify(retryAfter: retryAfter, usingAPIKey: apiKey != nil)
        default:
            return .fetch(withoutKey(error))
        }
    }

    /// `error` with the API key taken out of its URL, since its message is shown to users.
    private func withoutKey(_ error: FetchError) -> FetchError {
        guard let apiKey else { return error }
        let hide = { (url: String) in url.replacingOccurrences(of: "api_key=" + Self.encode(apiKey), with: "api_key=…") }
        return switch error {
        case .blocked(let url, let reason): .blocked(url: hide(url), reason: reason)
        case .rateLimited(let url, let retryAfter): .rateLimited(url: hide(url), retryAfter: retryAfter)
        case .timeout(let url): .timeout(url: hide(url))
        case .http(let status, let url): .http(status: status, url: hide(url))
        case .notCached(let url): .notCached(url: hide(url))
        case .transport(let url, let message): .transport(url: hide(url), message: message)
        case .cancelled: .cancelled
        case .refused(let url, let reason): .refused(url: hide(url), reason: hide(reason))
        }
    }

    /// The URL for messages, without the API key.
    func redacted(_ url: URL) -> String {
        guard let apiKey else { return url.absoluteString }
        return url.absoluteString.replacingOccurrences(of: "api_key=" + Self.encode(apiKey), with: "api_key=…")
    }

    private static func describe(_ error: any Error) -> String {
        ServiceClient.describe(error)
    }
}

/// The last refused response of one request, handed over from `Fetcher`'s block check.
/// A class behind a lock because the check is a `@Sendable` closure run by the fetcher.
private final class RefusedResponse: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: FetchResponse?

    func keep(_ response: FetchResponse) { lock.withLock { kept = response } }

    var response: FetchResponse? { lock.withLock { kept } }
}
