import Fetch
import Foundation

/// Where a long fetch is, for a progress line ("page 2 of 5: fetching results 21–40").
public struct SourceProgress: Sendable, Equatable {
    public var page: Int
    /// `nil` until the first page says how many there are.
    public var pages: Int?
    public var activity: String

    public init(page: Int, pages: Int?, activity: String) {
        self.page = page
        self.pages = pages
        self.activity = activity
    }
}

/// Why a Google Scholar search gave no results list.
public enum GoogleScholarSearchError: Error, Sendable, Equatable, LocalizedError {
    /// Google refused us; `resultsSoFar` were fetched before it did.
    case blocked(reason: String, resultsSoFar: Int)
    case emptyQuery
    case fetch(FetchError)
    case page(GoogleScholarParseError, url: String)

    public var errorDescription: String? {
        switch self {
        case .blocked(let reason, let count):
            "Google Scholar blocked the search (\(reason))" + (count > 0 ? " after \(count) results" : "")
                + ". Wait a few hours, or use saved pages with --offline; asking again now makes the block last longer"
        case .emptyQuery: "the search has no author, words or publication: give at least one"
        case .fetch(let error): error.localizedDescription
        case .page(let error, let url): "\(url): \(error.localizedDescription)"
        }
    }
}

/// What a search found.
public struct GoogleScholarSearchResult: Sendable {
    public var results: [GoogleScholarResult]
    /// Google's "About N results", when it said.
    public var totalResults: Int?
    public var pagesFetched: Int
    /// Pages answered from the cache without a request.
    public var pagesFromCache: Int
    /// The homonym filter's effect, `nil` when it was off or there was no author.
    public var nameFilter: AuthorNameFilter.Outcome?
    /// Positions in `results` the homonym filter rejected: every result is returned, these to
    /// be stored excluded (reason `name`) so `include` can bring one back.
    public var rejectedByName: Set<Int> = []
    /// The results a page was asked for and answered with results already given: paging stopped there.
    public var repeatedPage: ClosedRange<Int>?

    /// The results the filter kept.
    public var keptResults: [GoogleScholarResult] {
        results.enumerated().filter { !rejectedByName.contains($0.offset) }.map(\.element)
    }
}

/// Runs Google Scholar searches through `Fetcher`: paging, politeness and caching come from it.
public struct GoogleScholarSearch: Sendable {
    public let fetcher: Fetcher
    public let baseURL: URL
    /// How old a cached page may be for this search; `nil` is the fetcher's own age, `.zero`
    /// asks Scholar again (a refresh).
    public var cacheMaxAge: Duration?

    public static let defaultBaseURL = URL(string: "https://scholar.google.com")!

    public init(fetcher: Fetcher, baseURL: URL = GoogleScholarSearch.defaultBaseURL, cacheMaxAge: Duration? = nil) {
        self.fetcher = fetcher
        self.baseURL = baseURL
        self.cacheMaxAge = cacheMaxAge
    }

    /// Fetches result pages until a short page, the query's maximum, Google's 1000-result
    /// cap or the announced total, then applies the homonym filter when asked.
    public func run(
        _ query: GoogleScholarQuery,
        filterByAuthorName: Bool = true,
        progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(GoogleScholarSearchError) -> GoogleScholarSearchResult {
        guard !query.isEmpty else { throw GoogleScholarSearchError.emptyQuery }
        var results: [GoogleScholarResult] = []
        var total: Int?
        var pages = 0, fromCache = 0, start = 0
        var repeats = RepeatedPageGuard(), repeatedPage: ClosedRange<Int>?
        while results.count < query.maxResults {
            let expectedPages = total.map { (min($0, query.maxResults) + query.pageSize - 1) / query.pageSize }
            // Before the first answer nobody knows how many a page holds (Scholar may send 10
            // though 20 were asked): a range is announced only once the total is known.
            let last = min(start + query.pageSize, query.maxResults, total ?? .max)
            let activity = total == nil ? "fetching results from \(start + 1)" : "fetching results \(start + 1)–\(last)"
            progress?(SourceProgress(page: pages + 1, pages: expectedPages, activity: activity))
            let (page, cached) = try await GoogleScholarPageFetch.page(
                query.url(base: baseURL, start: start), with: fetcher, resultsSoFar: results.count, maxAge: cacheMaxAge, parse: GoogleScholarResultsPage.parse(html:)
            )
            pages += 1
            if cached { fromCache += 1 }
            total = total ?? page.totalResults
            let fresh = repeats.newRows(of: page.results)
            if fresh.isEmpty, !page.results.isEmpty {
                repeatedPage = (start + 1)...(start + page.results.count)
                break
            }
            results += fresh.prefix(query.maxResults - results.count)
            start += page.results.count
            if page.results.count < query.pageSize { break }
            if let total, start >= total { break }
        }
        for index in results.indices { results[index].rank = index + 1 }
        var outcome: AuthorNameFilter.Outcome?
        var rejected: Set<Int> = []
        if filterByAuthorName, let author = query.author, let filter = AuthorNameFilter(searchedName: author) {
            (rejected, outcome) = filter.judge(results, authors: \.authors, truncated: \.authorsTruncated)
        }
        return GoogleScholarSearchResult(
            results: results, totalResults: total, pagesFetched: pages, pagesFromCache: fromCache, nameFilter: outcome, rejectedByName: rejected,
            repeatedPage: repeatedPage)
    }

    /// Citations per year of one publication (the Ulm thesis's graph): its "Cited by" search
    /// restricted to one year at a time. `datedShare` is the part of its citations that could
    /// be given a year this way.
    public func citationsPerYear(
        of result: GoogleScholarResult,
        years: ClosedRange<Int>,
        progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(GoogleScholarSearchError) -> (counts: [Int: Int], datedShare: Double) {
        guard let citedBy = result.citedByURL, let citedByURL = URL(string: citedBy, relativeTo: baseURL)?.absoluteURL,
              var components = URLComponents(url: citedByURL, resolvingAgainstBaseURL: false) else {
            return ([:], 0)
        }
        var counts: [Int: Int] = [:]
        for (index, year) in years.enumerated() {
            progress?(SourceProgress(page: index + 1, pages: years.count, activity: "citations in \(year)"))
            var items = (components.queryItems ?? []).filter { !["as_ylo", "as_yhi", "start"].contains($0.name) }
            items += [URLQueryItem(name: "as_ylo", value: String(year)), URLQueryItem(name: "as_yhi", value: String(year))]
            components.queryItems = items
            guard let url = components.url else { continue }
            let (page, _) = try await GoogleScholarPageFetch.page(url, with: fetcher, resultsSoFar: 0, maxAge: cacheMaxAge, parse: GoogleScholarResultsPage.parse(html:))
            // A year with fewer citing papers than a page shows no "About N" line.
            counts[year] = page.totalResults ?? page.results.count
        }
        let dated = counts.values.reduce(0, +)
        return (counts, result.citations > 0 ? min(1, Double(dated) / Double(result.citations)) : 0)
    }
}
