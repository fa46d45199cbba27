import Fetch
import Foundation

/// PubMed through NCBI's E-utilities (https://eutils.ncbi.nlm.nih.gov/entrez/eutils):
/// `esearch` with `NAME[Author]` for the ids, `esummary` for the articles. PubMed counts no
/// citations, so every article comes with 0 and the metrics say so. NCBI asks every program to
/// name itself (`tool`, `email`) and allows 3 requests a second without a key, 10 with one.
public struct PubMedClient: Sendable {
    /// Ids per `esummary` request: NCBI suggests at most 200 ids in a GET.
    public static let summaryBatch = 200
    /// `esearch` returns at most 10,000 ids for one query.
    public static let searchCap = 10_000

    public let client: ServiceClient

    public init(fetcher: Fetcher, baseURL: URL? = nil, apiKey: String? = nil, contact: String? = nil, cacheMaxAge: Duration? = nil) {
        var fixed = [("tool", "bottega")]
        if let contact, !contact.isEmpty { fixed.append(("email", contact)) }
        if let apiKey, !apiKey.isEmpty { fixed.append(("api_key", apiKey)) }
        client = ServiceClient(
            service: .pubmed, fetcher: fetcher, baseURL: baseURL, headers: [(name: "Accept", value: "application/json")],
            fixedQuery: fixed, cacheMaxAge: cacheMaxAge)
    }

    /// The articles of the author `name`, newest first as PubMed sorts them, with the years
    /// given to PubMed as publication dates (`datetype=pdat`).
    public func articles(
        byAuthor name: String, fromYear: Int? = nil, toYear: Int? = nil, maxResults: Int,
        progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(ScholarServiceError) -> ServiceSearchResult {
        let term = "\(name)[Author]"
        var query = [("db", "pubmed"), ("term", term), ("retmode", "json"), ("retmax", String(min(maxResults, Self.searchCap)))]
        if fromYear != nil || toYear != nil {
            query += [("datetype", "pdat"), ("mindate", String(fromYear ?? 1000)), ("maxdate", String(toYear ?? 3000))]
        }
        let searchResponse = try await client.get(try client.url("esearch.fcgi", query))
        let found = try client.decode(PubMedAnswer.Search.self, searchResponse).esearchresult
        let total = found.count.flatMap { Int($0) } ?? found.idlist.count
        guard !found.idlist.isEmpty else { throw .authorNotFound(service: .pubmed, query: name) }
        var articles: [Publication] = [], fromCache = searchResponse.fromCache ? 1 : 0
        let batches = stride(from: 0, to: found.idlist.count, by: Self.summaryBatch).map { Array(found.idlist[$0..<min($0 + Self.summaryBatch, found.idlist.count)]) }
        for (index, ids) in batches.enumerated() {
            let response = try await client.get(try client.url("esummary.fcgi", [("db", "pubmed"), ("id", ids.joined(separator: ",")), ("retmode", "json")]))
            if response.fromCache { fromCache += 1 }
            articles += try client.decode(PubMedAnswer.Summaries.self, response).summaries.compactMap(\.publication)
            progress?(SourceProgress(page: index + 1, pages: batches.count, activity: "\(articles.count) of \(found.idlist.count) articles"))
        }
        return ServiceSearchResult(
            publications: articles, total: total, pagesFromCache: fromCache,
            note: "PubMed articles for \(term): \(total) in all. " + (ScholarService.pubmed.citationNotice ?? ""))
    }
}
