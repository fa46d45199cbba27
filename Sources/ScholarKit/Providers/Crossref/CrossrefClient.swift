import Fetch
import Foundation

/// Crossref's REST API (https://api.crossref.org): works by author (`query.author`), by DOI, and
/// by title for reconciling, with `is-referenced-by-count` as the citations. Crossref has no
/// author records, so a name matches every work whose author list resembles it: the search
/// runner judges the lists with the name filter, as for Google Scholar.
public struct CrossrefClient: Sendable {
    /// Works per page: Crossref allows up to 1000 `rows`; 200 keeps each answer a few hundred KB.
    public static let pageSize = 200
    /// Only what a publication needs, which makes each answer about a tenth of a full record.
    static let selectedFields = "DOI,title,subtitle,author,container-title,publisher,type,URL,is-referenced-by-count,volume,issue,page,ISSN,issued,published-print,published-online,created"

    public let client: ServiceClient

    /// `contact`, an e-mail address, puts the requests in Crossref's "polite pool" (`mailto=`).
    public init(fetcher: Fetcher, baseURL: URL? = nil, contact: String? = nil, cacheMaxAge: Duration? = nil) {
        let mailto = contact.flatMap { $0.isEmpty ? nil : $0 }
        client = ServiceClient(
            service: .crossref, fetcher: fetcher, baseURL: baseURL, headers: [(name: "Accept", value: "application/json")],
            fixedQuery: mailto.map { [("mailto", $0)] } ?? [], cacheMaxAge: cacheMaxAge)
    }

    /// Works whose authors match `name`, in Crossref's relevance order, following `next-cursor`
    /// until the list ends or `maxResults` are in hand. Years go to Crossref as
    /// `from-pub-date`/`until-pub-date`.
    public func works(
        byAuthor name: String, fromYear: Int? = nil, toYear: Int? = nil, maxResults: Int,
        progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(ScholarServiceError) -> ServiceSearchResult {
        var filters: [String] = []
        if let fromYear { filters.append("from-pub-date:\(fromYear)") }
        if let toYear { filters.append("until-pub-date:\(toYear)") }
        var publications: [Publication] = []
        var cursor = "*", seen: Set<String> = [cursor], page = 0, total = 0, fromCache = 0
        while publications.count < maxResults {
            var query = [("query.author", name), ("rows", String(min(Self.pageSize, maxResults - publications.count))), ("cursor", cursor),
                         ("select", Self.selectedFields)]
            if !filters.isEmpty { query.append(("filter", filters.joined(separator: ","))) }
            let url = try client.url("works", query)
            let response = try await client.get(url)
            let list = try client.decode(CrossrefAnswer.List.self, response)
            page += 1
            if response.fromCache { fromCache += 1 }
            total = list.message.totalResults ?? total
            publications += list.message.items.compactMap { try? $0.publication.get() }
            let wanted = min(total, maxResults)
            progress?(SourceProgress(page: page, pages: max(page, (wanted + Self.pageSize - 1) / Self.pageSize),
                                     activity: "\(min(publications.count, wanted)) of \(wanted) works"))
            // A cursor seen before would loop for ever; Crossref never sends one, a proxy might.
            guard !list.message.items.isEmpty, let next = list.message.nextCursor, seen.insert(next).inserted else { break }
            cursor = next
        }
        return ServiceSearchResult(
            publications: Array(publications.prefix(maxResults)), total: total, pagesFromCache: fromCache,
            note: "Crossref works whose authors match \"\(name)\": \(total) in all; Crossref has no author records, so the name filter judges each author list")
    }

    /// One work by its DOI (`/works/{doi}`); `nil` when Crossref does not know it.
    public func work(doi: String) async throws(ScholarServiceError) -> Publication? {
        let bare = FieldText.bareDOI(doi)
        let url = try client.url("works/" + ServiceClient.encode(bare).replacingOccurrences(of: "%2F", with: "/"))
        let response: FetchResponse
        do {
            response = try await client.get(url, what: "work with the DOI \(bare)")
        } catch {
            if case .notFound = error { return nil }
            throw error
        }
        let single = try client.decode(CrossrefAnswer.Single.self, response)
        return try? single.message.publication.get()
    }

    /// The works best matching a title (`query.bibliographic`), at most `limit`.
    public func works(titled title: String, limit: Int = 5) async throws(ScholarServiceError) -> [Publication] {
        let url = try client.url("works", [("query.bibliographic", title), ("rows", String(max(1, min(limit, 20)))), ("select", Self.selectedFields)])
        let response = try await client.get(url)
        return try client.decode(CrossrefAnswer.List.self, response).message.items.compactMap { try? $0.publication.get() }
    }
}
