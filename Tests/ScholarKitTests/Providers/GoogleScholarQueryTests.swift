import Foundation
import Testing
@testable import ScholarKit

@Suite struct GoogleScholarQueryTests {
    func items(_ query: GoogleScholarQuery, start: Int = 0) throws -> [String: String] {
        let base = try #require(URL(string: "https://scholar.google.com"))
        let components = try #require(URLComponents(url: query.url(base: base, start: start), resolvingAgainstBaseURL: false))
        #expect(components.path == "/scholar")
        return Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    }

    @Test func everyAdvancedSearchFieldIsSent() throws {
        let query = GoogleScholarQuery(
            author: "Waldo Tobler", allWords: "map projection", exactPhrase: "first law", anyWords: "geography cartography",
            withoutWords: "tourism", wordsOccur: .title, publication: "Economic Geography", fromYear: 1960, toYear: 1980,
            language: "it", pageSize: 10
        )
        let sent = try items(query, start: 10)
        #expect(sent["q"] == "map projection author:\"Waldo Tobler\" source:\"Economic Geography\"")
        #expect(sent["as_epq"] == "first law" && sent["as_oq"] == "geography cartography" && sent["as_eq"] == "tourism")
        #expect(sent["as_occt"] == "title" && sent["as_ylo"] == "1960" && sent["as_yhi"] == "1980")
        #expect(sent["hl"] == "it" && sent["num"] == "10" && sent["start"] == "10")
    }

    @Test func pageSizeAndMaximumFollowWhatGoogleHonours() {
        #expect(GoogleScholarQuery(pageSize: 50).pageSize == 20)
        #expect(GoogleScholarQuery(maxResults: 5000).maxResults == 1000)
        #expect(GoogleScholarQuery().isEmpty && !GoogleScholarQuery(author: "x").isEmpty)
    }
}
