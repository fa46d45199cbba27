import Markup
import ScholarKit
import Testing

/// Titles written inside citation strings, the example of the commonest homepage: each
/// publication one `<li>` of authors, year, title and venue. The filter used to refuse such a
/// page ("no publication list was recognised (0 result titles matched)").
struct HomepageCitationStringTests {
    /// AMS style, as on an ocean modeller's page; the first entry is the issue's own example.
    private static let page = """
        <html><body><h2>Publications</h2><ul>
        <li>Stern, A., A. Adcroft, …, and G. Marques, 2017: Modeling tabular icebergs submerged in the ocean. <i>J. Adv. Model. Earth Syst.</i>, 9, 1948–1972.</li>
        <li>Adcroft, A., W. Anderson, V. Balaji, and C. Blanton, 2019: The GFDL global ocean and sea ice model OM4.0: Model description and simulation features. <i>J. Adv. Model. Earth Syst.</i>, 11, 3167–3211.</li>
        <li>Adcroft, A., and J.-M. Campin, 2004: Rescaled height coordinates for accurate representation of free-surface flows in ocean circulation models. <i>Ocean Modelling</i>, 7, 269–284.</li>
        <li>Adcroft, A., C. Hill, and J. Marshall, 1997: Representation of topography by shaved cells in a height coordinate ocean model. <i>Mon. Wea. Rev.</i>, 125, 2293–2315.</li>
        </ul></body></html>
        """

    @Test func test_titlesInsideCitationStringsAreMatchedAndTheOthersRefused() throws {
        let results = [
            HomepageCandidate(title: "Modeling tabular icebergs submerged in the ocean", authors: ["A Stern", "A Adcroft"]),
            HomepageCandidate(title: "The GFDL global ocean and sea ice model OM4. 0: Model description and simulation features", authors: []),
            HomepageCandidate(title: "Rescaled height coordinates for accurate representation of free-surface flows in …", authors: []),
            HomepageCandidate(title: "Ocean modelling", authors: []),
            HomepageCandidate(title: "Representation of topography in ocean models", authors: []),
            HomepageCandidate(title: "Modeling the ocean circulation with icebergs as Lagrangian particles", authors: []),
        ]
        let match = try HomepageFilter().match(homepage: try MarkupDocument.html(Self.page), results: results)
        #expect(match.resultsOnHomepage == [true, true, true, false, false, false])
        #expect(match.homepagePublications.count == 4)
        let stern = try #require(match.homepagePublications.first)
        #expect(stern.title == "Modeling tabular icebergs submerged in the ocean")
        #expect(stern.year == 2017)
        #expect(stern.authors.contains { $0.contains("Marques") })
        #expect(match.homepagePublications.map(\.year) == [2017, 2019, 2004, 1997])
    }

    @Test func test_anUnmatchedEntryStillShowsItsTitleAfterTheYear() throws {
        let results = [
            HomepageCandidate(title: "Modeling tabular icebergs submerged in the ocean", authors: []),
            HomepageCandidate(title: "Rescaled height coordinates for accurate representation of free-surface flows in ocean circulation models", authors: []),
        ]
        let match = try HomepageFilter().match(homepage: try MarkupDocument.html(Self.page), results: results)
        #expect(match.homepagePublications.map(\.title).contains("Representation of topography by shaved cells in a height coordinate ocean model"))
        #expect(match.homepagePublications.filter(\.inResults).count == 2)
    }

    @Test func test_aTitleScholarCutWithAnEllipsisMatchesTheStartOfThePagesTitle() throws {
        let page = try MarkupDocument.html("""
            <html><body><ol><li><em>Representation of topography by shaved cells in a height coordinate ocean model</em>, 1997</li>
            <li><em>Rescaled height coordinates for accurate representation of free-surface flows</em>, 2004</li></ol></body></html>
            """)
        let results = [
            HomepageCandidate(title: "Representation of topography by shaved cells in …", authors: []),
            HomepageCandidate(title: "Representation of coastlines in …", authors: []),
        ]
        let match = try HomepageFilter().match(homepage: page, results: results)
        #expect(match.resultsOnHomepage == [true, false])
    }
}
