import Fetch
import Foundation

/// One request path to a bibliographic service through Bottega's `Fetcher` (the cache, the
/// per-host pause, the retries after 429/503 honouring `Retry-After`), with every failure as a
/// `ScholarServiceError` that names the service.
public struct ServiceClient: Sendable {
    public let service: ScholarService
    public let fetcher: Fetcher
    public let baseURL: URL
    /// Sent with every request (a key header, an `Accept`).
    public var headers: [(name: String, value: String)]
    /// Added to every query (Crossref's `mailto`, NCBI's `tool` and `email`).
    public var fixedQuery: [(String, String)]
    /// How old a cached answer may be; `nil` is the fetcher's own age, `.zero` asks again.
    public var cacheMaxAge: Duration?

    public init(
        service: ScholarService, fetcher: Fetcher, baseURL: URL? = nil, headers: [(name: String, value: String)] = [],
        fixedQuery: [(String, String)] = [], cacheMaxAge: Duration? = nil
    ) {
        self.service = service
        self.fetcher = fetcher
        self.baseURL = baseURL ?? service.defaultBaseURL
        self.headers = headers
        self.fixedQuery = fixedQuery
        self.cacheMaxAge = cacheMaxAge
    }

    /// `baseURL/path?query&fixedQuery`, every value percent-encoded.
    public func url(_ path: String, _ query: [(String, String)] = []) throws(ScholarServiceError) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let items = query + fixedQuery
        let queryString = items.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        let text = base + "/" + path + (queryString.isEmpty ? "" : "?" + queryString)
        guard let url = URL(string: text) else { throw .badResponse(service: service, url: text, reason: "not a valid URL") }
        return url
    }

    /// Unreserved characters plus `:` and `,`, which the services' filters use; spaces, `+`,
    /// `&`, `=`, `/` and PubMed's `[Author]` brackets (not allowed bare in a query) are escaped.
    private static let queryValueCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,")

    /// `value` escaped for a query or a path segment.
    public static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? value
    }

    /// The answer's bytes. `what` names the record a 404 is about ("ORCID record 0000-…").
    public func get(_ url: URL, what: String? = nil) async throws(ScholarServiceError) -> FetchResponse {
        let request = FetchRequest(url: url, headers: headers, maxAge: cacheMaxAge)
        do {
            return try await fetcher.get(request)
        } catch {
            switch error {
            case .http(404, _), .http(410, _):
                throw .notFound(service: service, what: what ?? url.absoluteString)
            case .http(let status, _) where status == 401 || status == 403:
                throw .refused(service: service, status: status)
            case .rateLimited(_, let retryAfter):
                throw .rateLimited(service: service, retryAfter: retryAfter)
            case .http(429, _):
                throw .rateLimited(service: service, retryAfter: nil)
            default:
                throw .fetch(error)
            }
        }
    }

    /// The answer decoded as `T`.
    public func json<T: Decodable>(_ type: T.Type, from url: URL, what: String? = nil) async throws(ScholarServiceError) -> T {
        try decode(T.self, await get(url, what: what))
    }

    /// An answer already in hand decoded as `T`.
    public func decode<T: Decodable>(_ type: T.Type, _ response: FetchResponse) throws(ScholarServiceError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw .badResponse(service: service, url: response.url, reason: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            "not JSON or malformed at \(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            "missing \(key.stringValue) at \(path(context.codingPath))"
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            "expected \(type) at \(path(context.codingPath))"
        default:
            String(describing: error)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
