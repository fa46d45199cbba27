import Fetch
import Foundation

/// The Semantic Scholar Graph API (https://api.semanticscholar.org/graph/v1): author search with
/// the namesakes to choose from, the chosen author's papers page by page, and papers by DOI or
/// title for reconciling. A key (`x-api-key`, from `S2_API_KEY`) raises the limit to one
/// request a second of one's own; without it requests share a pool and meet 429 often.
public struct SemanticScholarClient: Sendable {
    /// Papers per page: the author-papers endpoint allows up to 1000; 500 halves the requests
    /// of a prolific author while keeping each answer under a few MB.
    public static let pageSize = 500
    static let paperFields = "title,year,venue,journal,citationCount,authors,externalIds,url,publicationTypes"
    static let authorFields = "name,affiliations,paperCount,citationCount,hIndex"

    public let client: ServiceClient

    public init(fetcher: Fetcher, baseURL: URL? = nil, apiKey: String? = nil, cacheMaxAge: Duration? = nil) {
        var headers: [(name: String, value: String)] = [(name: "Accept", value: "application/json")]
        if let apiKey, !apiKey.isEmpty { headers.append((name: "x-api-key", value: apiKey)) }
        client = ServiceClient(service: .semanticScholar, fetcher: fetcher, baseURL: baseURL, headers: headers, cacheMaxAge: cacheMaxAge)
    }

    /// Authors whose names match `name`, in Semantic Scholar's order. Throws `.authorNotFound`
    /// when there is none.
    public func searchAuthors(_ name: String) async throws(ScholarServiceError) -> [AuthorCandidate] {
        let url = try client.url("author/search", [("query", name), ("fields", Self.authorFields), ("limit", "50")])
        let found = try await client.json(SemanticScholarAnswer.AuthorSearch.self, from: url)
        let candidates = found.data.compactMap(\.candidate)
        guard !candidates.isEmpty else { throw .authorNotFound(service: .semanticScholar, query: name) }
        return candidates
    }

    /// The papers of author `id`, following `next` until it is absent or `maxResults` are in hand.
    public func papers(
        ofAuthor id: String, expected: Int?, maxResults: Int, progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(ScholarServiceError) -> (papers: [Publication], fromCache: Int) {
        var papers: [Publication] = [], offset = 0, page = 0, fromCache = 0
        let wanted = Swift.min(expected ?? maxResults, maxResults)
        while papers.count < maxResults {
            let url = try client.url("author/\(ServiceClient.encode(id))/papers", [
                ("fields", Self.paperFields), ("offset", String(offset)), ("limit", String(Swift.min(Self.pageSize, maxResults - papers.count))),
            ])
            let response = try await client.get(url, what: "author \(id)")
            let answer = try client.decode(SemanticScholarAnswer.Page.self, response)
            page += 1
            if response.fromCache { fromCache += 1 }
            papers += answer.data.compactMap { try? $0.publication.get() }
            progress?(SourceProgress(page: page, pages: Swift.max(page, (wanted + Self.pageSize - 1) / Self.pageSize),
                                     activity: "\(Swift.min(papers.count, wanted)) of \(wanted) papers"))
            guard !answer.data.isEmpty, let next = answer.next, next > offset else { break }
            offset = next
        }
        return (Array(papers.prefix(maxResults)), fromCache)
    }

    /// Searches `name`, takes the record the user chose or the best match, and reads its papers.
    public func publications(
        forAuthorNamed name: String, authorID: String?, maxResults: Int, progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(ScholarServiceError) -> ServiceSearchResult {
        let candidates = try await searchAuthors(name)
        guard let chosen = candidates.choose(for: name, chosenID: authorID) else {
            throw .notFound(service: .semanticScholar, what: "author \(authorID ?? "") among those named \"\(name)\"")
        }
        let found = try await papers(ofAuthor: chosen.id, expected: chosen.works, maxResults: maxResults, progress: progress)
        return ServiceSearchResult(
            publications: found.papers, total: chosen.works, candidates: candidates.marking(chosen), pagesFromCache: found.fromCache,
            note: "Semantic Scholar author \(chosen.name) (\(chosen.id)), chosen among \(candidates.count) name matches")
    }

    /// Papers by DOI, one `GET /paper/DOI:…` each (the fetcher sends GETs only, so the batch
    /// endpoint, a POST, is not used); a DOI Semantic Scholar does not know is absent from the answer.
    public func papers(doi dois: [String]) async throws(ScholarServiceError) -> [String: Publication] {
        var found: [String: Publication] = [:]
        for doi in dois {
            let bare = FieldText.bareDOI(doi)
            let url = try client.url("paper/DOI:\(ServiceClient.encode(bare).replacingOccurrences(of: "%2F", with: "/"))", [("fields", Self.paperFields)])
            do {
                let paper = try await client.json(SemanticScholarPaper.self, from: url, what: "paper with the DOI \(bare)")
                if let publication = try? paper.publication.get() { found[bare.lowercased()] = publication }
            } catch {
                if case .notFound = error { continue }
                throw error
            }
        }
        return found
    }

    /// The papers best matching a title (`/paper/search`), at most `limit`.
    public func papers(titled title: String, limit: Int = 5) async throws(ScholarServiceError) -> [Publication] {
        let url = try client.url("paper/search", [("query", title), ("fields", Self.paperFields), ("limit", String(Swift.max(1, Swift.min(limit, 20))))])
        return try await client.json(SemanticScholarAnswer.Page.self, from: url).data.compactMap { try? $0.publication.get() }
    }
}
