import Fetch
import Foundation

/// What a source returned for a search, ready to be stored.
public struct FetchedSearch: Sendable {
    public var publications: [Publication]
    /// Per publication (same order), its citations per year when the source gives them.
    public var citationsPerYear: [[Int: Int]?]
    public var totalResults: Int?
    public var nameFilter: AuthorNameFilter.Outcome?
    /// Positions of `publications` to store excluded, with why (`name`: the homonym filter).
    public var exclusions: [Int: String] = [:]
    /// The source's own histogram for the whole search (a Scholar profile's bars).
    public var searchCitationsPerYear: [Int: Int]?
    /// What the user should know about how the answer was chosen.
    public var note: String?
    public var pagesFromCache: Int
    /// For OpenAlex: every author record the name matched, the chosen one marked, so the user
    /// can choose another (`SearchParameters.authorID`).
    public var authorCandidates: [AuthorCandidate] = []

    public init(
        publications: [Publication], citationsPerYear: [[Int: Int]?]? = nil, totalResults: Int? = nil,
        nameFilter: AuthorNameFilter.Outcome? = nil, searchCitationsPerYear: [Int: Int]? = nil,
        note: String? = nil, pagesFromCache: Int = 0, authorCandidates: [AuthorCandidate] = []
    ) {
        self.authorCandidates = authorCandidates
        self.publications = publications
        self.citationsPerYear = citationsPerYear ?? Array(repeating: nil, count: publications.count)
        self.totalResults = totalResults
        self.nameFilter = nameFilter
        self.searchCitationsPerYear = searchCitationsPerYear
        self.note = note
        self.pagesFromCache = pagesFromCache
    }
}

extension FetchedSearch {
    /// Keeps every publication but stores those whose authors do not include the searched
    /// name excluded (reason `name`), so the user can tick a wrongly judged one back in.
    @discardableResult
    public mutating func excludeByName(_ filter: AuthorNameFilter) -> AuthorNameFilter.Outcome {
        let judged = filter.judge(publications, authors: \.authors, truncated: \.authorsTruncated)
        exclusions = Dictionary(uniqueKeysWithValues: judged.rejected.map { ($0, "name") })
        nameFilter = judged.outcome
        return judged.outcome
    }
}

/// Runs `SearchParameters` against the source they name: one entry point for the CLI and the
/// web app, so both ask the sources the same way.
public struct ScholarSearchRunner: Sendable {
    public let fetcher: Fetcher
    public var scholarBaseURL: URL
    public var openAlexBaseURL: URL
    /// Sent to OpenAlex as `api_key` (the CLI and `serve` take it from `OPENALEX_API_KEY`).
    public var openAlexAPIKey: String?
    /// How old a cached page may be; `nil` is the fetcher's own age, `.zero` asks the sources
    /// again (`refreshing`).
    public var cacheMaxAge: Duration?
    /// Where Crossref, Semantic Scholar, PubMed, ORCID and dblp answer, and the keys and contact
    /// they are asked with.
    public var services = ServiceSettings()

    public init(
        fetcher: Fetcher, scholarBaseURL: URL = GoogleScholarSearch.defaultBaseURL, openAlexBaseURL: URL = OpenAlexClient.defaultBaseURL,
        openAlexAPIKey: String? = nil
    ) {
        self.fetcher = fetcher
        self.scholarBaseURL = scholarBaseURL
        self.openAlexBaseURL = openAlexBaseURL
        self.openAlexAPIKey = openAlexAPIKey
    }

    /// The OpenAlex client every OpenAlex request of this runner goes through.
    public var openAlexClient: OpenAlexClient {
        OpenAlexClient(fetcher: fetcher, baseURL: openAlexBaseURL, apiKey: openAlexAPIKey, cacheMaxAge: cacheMaxAge)
    }

    /// The same runner asking the sources again, whatever the page cache holds.
    public var refreshing: ScholarSearchRunner {
        var runner = self
        runner.cacheMaxAge = .zero
        return runner
    }

    /// Fetches what `parameters` ask for. Errors are the sources' own typed errors
    /// (`GoogleScholarSearchError`, `OpenAlexError`); `.file` searches cannot be re-run.
    public func fetch(_ parameters: SearchParameters, progress: (@Sendable (SourceProgress) -> Void)? = nil) async throws -> FetchedSearch {
        switch parameters.source {
        case .scholar:
            let result = try await GoogleScholarSearch(fetcher: fetcher, baseURL: scholarBaseURL, cacheMaxAge: cacheMaxAge)
                .run(parameters.query, filterByAuthorName: parameters.filterByAuthorName, progress: progress)
            var fetched = FetchedSearch(
                publications: result.results.map { $0.publication() }, totalResults: result.totalResults,
                nameFilter: result.nameFilter, pagesFromCache: result.pagesFromCache
            )
            fetched.note = result.repeatedPage.map { RepeatedPageGuard.note(firstRepeated: $0, kept: result.results.count) }
            fetched.exclusions = Dictionary(uniqueKeysWithValues: result.rejectedByName.map { ($0, "name") })
            return fetched
        case .profile:
            let profile = try await GoogleScholarProfileSource(fetcher: fetcher, baseURL: scholarBaseURL, cacheMaxAge: cacheMaxAge)
                .fetch(userID: parameters.profileID ?? "", maxResults: parameters.query.maxResults, progress: progress)
            return FetchedSearch(
                publications: profile.publications.map { $0.publication() },
                searchCitationsPerYear: profile.header.citationsPerYear,
                note: "profile: \(profile.header.name ?? "unnamed"), \(profile.publications.count) publications"
                    + (profile.repeatedPage.map { ". " + RepeatedPageGuard.note(firstRepeated: $0, kept: profile.publications.count) } ?? "")
            )
        case .openalex:
            let found = try await OpenAlexSource(client: openAlexClient).publications(
                forAuthorNamed: parameters.query.author ?? "", authorID: parameters.authorID, maxResults: parameters.query.maxResults
            ) { step in
                progress?(SourceProgress(page: step.page, pages: step.pageCount, activity: "\(step.worksSoFar) of \(step.totalWorks) works"))
            }
            // OpenAlex is asked for all of the author's works; the years are applied here.
            let query = parameters.query
            let works = found.works.filter { work in
                guard query.fromYear != nil || query.toYear != nil else { return true }
                guard let year = work.publicationYear else { return false }
                return year >= (query.fromYear ?? .min) && year <= (query.toYear ?? .max)
            }
            return FetchedSearch(
                publications: works.map(\.publication), citationsPerYear: works.map(\.citationsPerYear),
                totalResults: found.works.count,
                note: "OpenAlex author \(found.author.displayName ?? "unnamed") (\(found.author.shortID ?? "?")), chosen among \(found.candidates.count) name matches",
                authorCandidates: found.candidates.map { candidate in
                    AuthorCandidate(
                        id: candidate.shortID ?? "", name: candidate.displayName ?? "unnamed", institution: candidate.lastKnownInstitutions.first,
                        works: candidate.worksCount ?? 0, citations: candidate.citedByCount ?? 0, isChosen: candidate.shortID == found.author.shortID)
                }
            )
        case .crossref, .semanticScholar, .pubmed, .orcid, .dblp:
            return try await fetchFromService(parameters, progress: progress)
        case .file:
            throw ScholarWorkspaceError.cannotRerunFile(parameters.fileName ?? "")
        }
    }

    /// The Ulm thesis's graph for one publication: its "Cited by" search restricted to one year
    /// at a time, from its year (or ten years back) to `referenceYear`. `nil` when the
    /// publication has no "Cited by" link.
    public func citationsPerYear(
        of publication: Publication, referenceYear: Int, progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(GoogleScholarSearchError) -> (counts: [Int: Int], datedShare: Double)? {
        guard let stored = publication.citesURL else { return nil }
        let citedBy = Self.citedBy(stored, askedOf: scholarBaseURL)
        let firstYear = min(referenceYear, publication.year ?? referenceYear - 9)
        let result = GoogleScholarResult(title: publication.title, citations: publication.citations, citedByURL: citedBy)
        return try await GoogleScholarSearch(fetcher: fetcher, baseURL: scholarBaseURL, cacheMaxAge: cacheMaxAge)
            .citationsPerYear(of: result, years: firstYear...referenceYear, progress: progress)
    }

    /// The same graph for a merged record: each member's own "Cited by" search (Scholar counts
    /// each cluster apart), summed year by year; a link two members share is asked once. `nil`
    /// when no member has a link.
    public func citationsPerYear(
        ofMembers members: [Publication], referenceYear: Int, progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(GoogleScholarSearchError) -> (counts: [Int: Int], datedShare: Double)? {
        var seen = Set<String>(), counts: [Int: Int] = [:], citations = 0, asked = false
        for member in members {
            guard let link = member.citesURL, seen.insert(Self.citedBy(link, askedOf: scholarBaseURL)).inserted,
                  let found = try await citationsPerYear(of: member, referenceYear: referenceYear, progress: progress) else { continue }
            asked = true
            citations += member.citations
            counts.merge(found.counts, uniquingKeysWith: +)
        }
        guard asked else { return nil }
        let dated = counts.values.reduce(0, +)
        return (counts, citations > 0 ? min(1, Double(dated) / Double(citations)) : 0)
    }

    /// A stored "Cited by" link asked of the runner's Scholar: its path and query kept, its
    /// scheme, host and port always the runner's. The link comes from an imported file as often
    /// as from Scholar, and `http://127.0.0.1:6379/…` in a CitesURL column would otherwise make
    /// "Fetch the years" send requests wherever the file said (issue 36, SSRF).
    static func citedBy(_ stored: String, askedOf base: URL) -> String {
        guard var components = URLComponents(string: stored) else { return stored }
        components.scheme = base.scheme
        components.host = base.host
        components.port = base.port
        components.user = nil
        components.password = nil
        return components.string ?? stored
    }

    /// Completes from OpenAlex the author lists Google Scholar cut before the searched name,
    /// and judges them again (`FetchedSearch.completeAuthors`).
    public func completeAuthors(of fetched: inout FetchedSearch, searchedName: String) async throws(OpenAlexError) -> AuthorCompletion {
        guard let filter = AuthorNameFilter(searchedName: searchedName) else { return AuthorCompletion() }
        return try await fetched.completeAuthors(with: FullAuthorLists(client: openAlexClient), filter: filter)
    }
}
