import Fetch
import Foundation

/// Why OpenAlex gave no usable answer. Each message says what to do next.
public enum OpenAlexError: Error, Sendable, Equatable, LocalizedError {
    /// Too many requests for now (a per-second limit): the fetcher's retries ran out, or
    /// OpenAlex asked to wait longer than it waits. `retryAfter` is what OpenAlex asked, when it said.
    case rateLimited(retryAfter: Duration?)
    /// The day's credit budget is spent; it resets at midnight UTC. `usingAPIKey` says
    /// whether the requests carried an API key (without one the budget is tiny).
    case creditsExhausted(usingAPIKey: Bool)
    /// An author search found nobody.
    case authorNotFound(query: String)
    /// The entity does not exist (404) or is OpenAlex's "Deleted Author" placeholder.
    case notFound(id: String)
    /// A 2xx answer that is not the JSON expected; `url` is the request, `reason` the decoding error.
    case badResponse(url: String, reason: String)
    /// Any other fetch failure, passed through as is: offline with nothing cached
    /// (`.notCached`), a timeout, no connection, another HTTP status.
    case fetch(FetchError)

    public var errorDescription: String? {
        switch self {
        case .rateLimited(let retryAfter):
            "OpenAlex says too many requests"
                + (retryAfter.map { "; it asks to wait \($0.components.seconds) s" } ?? "")
                + ". Wait a little and try again"
        case .creditsExhausted(let usingAPIKey):
            usingAPIKey
                ? "OpenAlex's daily credit budget for this API key is spent; it resets at midnight UTC. Try again tomorrow, or use saved answers (--offline)"
                : "OpenAlex's daily credit budget without an API key is spent; it resets at midnight UTC. Get a free key at https://openalex.org/settings/api and set OPENALEX_API_KEY, or try again tomorrow"
        case .authorNotFound(let query):
            "OpenAlex knows no author matching \"\(query)\": check the spelling, try the surname alone, or give the OpenAlex author ID (A…)"
        case .notFound(let id):
            "OpenAlex has no entity \(id) (it may have been merged or deleted): search the author by name again"
        case .badResponse(let url, let reason):
            "OpenAlex answered \(url) with something that is not the expected JSON (\(reason)); try again later, and report it if it persists"
        case .fetch(let error):
            error.errorDescription
        }
    }
}
