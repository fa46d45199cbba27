import Fetch
import Foundation

/// A Scholar profile, all of its publication rows fetched.
public struct GoogleScholarProfile: Sendable {
    public var userID: String
    /// The first page: name, affiliation, interests, indices and the per-year histogram.
    public var header: GoogleScholarProfilePage
    public var publications: [GoogleScholarResult]
    public var pagesFetched: Int
    /// The rows a page was asked for and answered with rows already given: paging stopped there.
    public var repeatedPage: ClosedRange<Int>?
}

/// Fetches a Scholar profile (`citations?user=ID`), 100 rows a page, to its last row.
public struct GoogleScholarProfileSource: Sendable {
    public let fetcher: Fetcher
    public let baseURL: URL
    /// As `GoogleScholarSearch.cacheMaxAge`: `.zero` asks Scholar again.
    public var cacheMaxAge: Duration?
    public static let rowsPerPage = 100

    public init(fetcher: Fetcher, baseURL: URL = GoogleScholarSearch.defaultBaseURL, cacheMaxAge: Duration? = nil) {
        self.fetcher = fetcher
        self.baseURL = baseURL
        self.cacheMaxAge = cacheMaxAge
    }

    public func url(userID: String, start: Int) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent("citations"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "user", value: userID), URLQueryItem(name: "hl", value: "en"),
            URLQueryItem(name: "cstart", value: String(start)), URLQueryItem(name: "pagesize", value: String(Self.rowsPerPage)),
        ]
        return components?.url ?? baseURL
    }

    public func fetch(
        userID: String,
        maxResults: Int = 10_000,
        progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws(GoogleScholarSearchError) -> GoogleScholarProfile {
        var header: GoogleScholarProfilePage?
        var rows: [GoogleScholarResult] = []
        var pages = 0, offset = 0
        var repeats = RepeatedPageGuard(), repeatedPage: ClosedRange<Int>?
        while rows.count < maxResults {
            progress?(SourceProgress(page: pages + 1, pages: nil, activity: "profile rows \(offset + 1)–\(offset + Self.rowsPerPage)"))
            let (page, _) = try await GoogleScholarPageFetch.page(
                url(userID: userID, start: offset), with: fetcher, resultsSoFar: rows.count, maxAge: cacheMaxAge, parse: GoogleScholarProfilePage.parse(html:)
            )
            pages += 1
            header = header ?? page
            let fresh = repeats.newRows(of: page.publications)
            if fresh.isEmpty, !page.publications.isEmpty {
                repeatedPage = (offset + 1)...(offset + page.publications.count)
                break
            }
            rows += fresh.prefix(maxResults - rows.count)
            // The disabled "Show more" button marks the last page. Google may serve fewer rows
            // than asked for (20 by default), so the next page starts after the rows received;
            // an empty page ends the paging whatever the button says.
            offset += page.publications.count
            if !page.hasMoreRows || page.publications.isEmpty { break }
        }
        guard let header else { throw .page(.notAScholarPage, url: url(userID: userID, start: 0).absoluteString) }
        for index in rows.indices { rows[index].rank = index + 1 }
        return GoogleScholarProfile(userID: userID, header: header, publications: rows, pagesFetched: pages, repeatedPage: repeatedPage)
    }
}
