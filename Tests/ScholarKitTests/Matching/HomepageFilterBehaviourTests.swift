import Markup
import ScholarKit
import Testing

/// The homepage filter's fallbacks and errors, on small pages written for each case.
struct HomepageFilterBehaviourTests {
    private static let list = """
        <html><body><h1>Ada Lovelace</h1><ul class="pubs">
        <li><b>Notes on the analytical engine</b> (with C. Babbage)<br>Taylor's Scientific Memoirs, 1843</li>
        <li><b>Sketch of the analytical engine invented by Charles Babbage</b><br>Bibliothèque Universelle, 1842</li>
        <li><b>On the calculation of Bernoulli numbers by machine</b><br>Unpublished, 1843</li>
        </ul><p>Contact: <a href="mailto:ada@example.org">ada@example.org</a></p></body></html>
        """

    @Test func test_oneMatchedTitleStillGivesEveryPublication() throws {
        let page = try MarkupDocument.html(Self.list)
        let results = [HomepageCandidate(title: "Notes on the Analytical Engine", authors: ["A Lovelace"]), HomepageCandidate(title: "Deep residual learning", authors: [])]
        let match = try HomepageFilter().match(homepage: page, results: results)
        #expect(match.homepagePublications.map(\.title) == [
            "Notes on the analytical engine",
            "Sketch of the analytical engine invented by Charles Babbage",
            "On the calculation of Bernoulli numbers by machine",
        ])
        #expect(match.homepagePublications.map(\.matchedResult) == [0, nil, nil])
        #expect(match.resultsOnHomepage == [true, false])
    }

    @Test func test_authorLinesArePairedWithTitlesWhenTheirCountsAgree() throws {
        let page = try MarkupDocument.html("""
            <html><body><div class="pub"><div class="t">Graph colouring by local search</div><div class="a">Ann Lee, Bo Chen</div></div>
            <div class="pub"><div class="t">Sparse matrices in practice</div><div class="a">Ann Lee and Cy Park.</div></div></body></html>
            """)
        let results = [HomepageCandidate(title: "Graph coloring by local search", authors: ["A Lee", "B Chen"])]
        let match = try HomepageFilter().match(homepage: page, results: results)
        let authorPattern = try #require(match.authorPattern)
        #expect(try page.select(authorPattern).map(\.normalizedText) == ["Ann Lee, Bo Chen", "Ann Lee and Cy Park."])
        #expect(match.homepagePublications.map(\.authors) == [["Ann Lee", "Bo Chen"], ["Ann Lee", "Cy Park"]])
    }

    @Test func test_pageWithoutTextThrowsNotHTML() throws {
        let page = try MarkupDocument.html("<html><body><img src='a.png'><script>var x = 'Notes';</script></body></html>")
        #expect(throws: HomepageFilterError.notHTML) {
            try HomepageFilter().match(homepage: page, results: [HomepageCandidate(title: "Notes", authors: [])])
        }
    }

    @Test func test_pageWithoutAnyResultTitleThrowsNothingRecognisable() throws {
        let page = try MarkupDocument.html(Self.list)
        #expect(throws: HomepageFilterError.nothingRecognisable(matchedTitles: 0)) {
            try HomepageFilter().match(homepage: page, results: [HomepageCandidate(title: "Attention is all you need", authors: [])])
        }
    }

    @Test func test_thresholdOutsideZeroToOneThrows() throws {
        let page = try MarkupDocument.html(Self.list)
        #expect(throws: HomepageFilterError.invalidThreshold(1.5)) {
            try HomepageFilter(titleThreshold: 1.5).match(homepage: page, results: [])
        }
        #expect(throws: HomepageFilterError.invalidThreshold(0)) {
            try HomepageFilter(authorThreshold: 0).match(homepage: page, results: [])
        }
    }

    @Test func test_errorMessagesSayWhatToDo() {
        #expect(HomepageFilterError.nothingRecognisable(matchedTitles: 0).errorDescription?.contains("--title-similarity") == true)
        #expect(HomepageFilterError.notHTML.errorDescription?.contains("HTML") == true)
    }
}
