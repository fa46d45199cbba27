import Fetch
import Foundation

/// Why Crossref, Semantic Scholar, PubMed, ORCID or dblp gave no usable answer. Each message
/// names the service and says what to do next.
public enum ScholarServiceError: Error, Sendable, Equatable, LocalizedError {
    /// Too many requests: the service's `Retry-After` was longer than we wait, or the retries
    /// ran out. `retryAfter` is what it asked for, when it said.
    case rateLimited(service: ScholarService, retryAfter: Duration?)
    /// The service refuses us (403): a missing or wrong key, or a ban for asking too fast.
    case refused(service: ScholarService, status: Int)
    /// A search for an author found nobody.
    case authorNotFound(service: ScholarService, query: String)
    /// The record asked for does not exist (404).
    case notFound(service: ScholarService, what: String)
    /// What was asked cannot be asked of this service (an ORCID iD with a wrong check digit).
    case invalidRequest(service: ScholarService, reason: String)
    /// A 2xx answer that is not what the service documents.
    case badResponse(service: ScholarService, url: String, reason: String)
    /// Any other fetch failure: offline with nothing cached, a timeout, no connection, a 5xx.
    case fetch(FetchError)

    public var errorDescription: String? {
        switch self {
        case .rateLimited(let service, let retryAfter):
            "\(service.name) says too many requests"
                + (retryAfter.map { "; it asks to wait \(Self.describe($0))" } ?? "")
                + ". Wait and try again" + (service.keyVariable.map { ", or set \($0) for a higher limit" } ?? "")
        case .refused(let service, let status):
            "\(service.name) refused the request (HTTP \(status))"
                + (service.keyVariable.map { "; check \($0), or unset it to ask without a key" } ?? "; wait before trying again")
        case .authorNotFound(let service, let query):
            "\(service.name) knows no author matching \"\(query)\": check the spelling, or try the surname alone"
        case .notFound(let service, let what):
            "\(service.name) has no \(what)"
        case .invalidRequest(let service, let reason):
            "\(service.name): \(reason)"
        case .badResponse(let service, let url, let reason):
            "\(service.name) answered \(url) with something that is not what it documents (\(reason)); try again later, and report it if it persists"
        case .fetch(let error):
            error.errorDescription
        }
    }

    private static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds >= 120 ? "\(seconds / 60) minutes" : "\(seconds) s"
    }
}
