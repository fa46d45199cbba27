import Foundation
import Testing
@testable import ScholarKit

/// Every saved results page, with values read from the HTML by eye (not from the parser).
@Suite(Fixtures.required) struct GoogleScholarResultsPageTests {
    // MARK: 2016 markup: div.gs_r > div.gs_ri, no data-cid

    @Test func test_2016SingleResultPageReadsEveryField() throws {
        let page = try ScholarPageFixtures.resultsPage("gs-results-2016-goscholar-learning-deep-architectures.html")
        #expect(page.results.count == 1)
        // `#gs_ab_md` holds only a space on this "best result" page.
        #expect(page.totalResults == nil)
        #expect(!page.looksTruncated)
        let result = try #require(page.results.first)
        #expect(result.title == "Learning deep architectures for AI")
        #expect(result.url == "http://dl.acm.org/citation.cfm?id=1658424")
        #expect(result.authors == ["Y Bengio"])
        #expect(!result.authorsTruncated)
        #expect(result.venue == "Foundations and trends® in Machine Learning")
        #expect(result.year == 2009)
        #expect(result.publisher == "dl.acm.org")
        #expect(result.citations == 2441)
        #expect(result.citedByURL == "https://scholar.google.com/scholar?cites=5331804836605365413&as_sdt=2005&sciodt=0,5&hl=en&num=1")
        #expect(result.clusterID == "5331804836605365413")
        // The "[PDF]" of the side link (div.gs_ggs) is no marker of the result itself.
        #expect(result.type == nil)
        #expect(result.rank == nil)
    }

    @Test func test_2016ClusterPageReadsTheShownVersionAndTheVersionCount() throws {
        let page = try ScholarPageFixtures.resultsPage("gs-results-2016-goscholar-cluster-page.html")
        #expect(page.results.count == 1)
        #expect(page.totalResults == 7)   // "7 results (0.01 sec)"
        let result = try #require(page.results.first)
        #expect(result.title == "Deep learning")
        #expect(result.authors == ["Y LeCun", "Y Bengio", "G Hinton"])
        #expect(result.venue == "Nature")
        #expect(result.year == 2015)
        #expect(result.publisher == "nature.com")
        #expect(result.citations == 409)
        #expect(result.clusterID == "5362332738201102290")
    }

    // MARK: 2020 markup: div.gs_r.gs_or.gs_scl[data-cid], ISO-8859-1 declared, UTF-8 bytes

    @Test func test_2020PageHasTenResultsWithTheirCitationCountsInOrder() throws {
        let page = try ScholarPageFixtures.resultsPage("gs-results-2020-geomap-olympus-range.html")
        #expect(page.results.count == 10)   // the "Create alert" div.gs_r is no result
        #expect(page.totalResults == 30)    // "About 30 results (0.05 sec)"
        #expect(page.results.map(\.citations) == [4, 6, 80, 7, 30, 92, 67, 18, 41, 3])
        #expect(page.results.map(\.rank) == Array(1...10))
    }

    @Test func test_2020CitationResultHasTypeNoLinkAndNoHost() throws {
        let result = try ScholarPageFixtures.resultsPage("gs-results-2020-geomap-olympus-range.html").results[0]
        #expect(result.type == "CITATION")
        #expect(result.title == "Geology of the Olympus Range Area, Southern Victoria Land")
        #expect(result.url == nil)
        #expect(result.authors == ["MJ Isaac", "TJ Chinn", "SW Edbrooke", "PJ Forsyth"])
        #expect(!result.authorsTruncated)
        #expect(result.venue == "Antarctica. Institute of Geological and …")
        #expect(result.year == 1996)
        #expect(result.publisher == nil)
        #expect(result.clusterID == "15801554877513113826")
    }

    @Test func test_2020ResultsWithMarkersEntitiesAndCutAuthorLists() throws {
        let results = try ScholarPageFixtures.resultsPage("gs-results-2020-geomap-olympus-range.html").results
        #expect(results[1].type == "PDF")
        #expect(results[1].title == "Plutonic rocks from the Cape Roberts hinterland: Wilson piedmont glacier, southern Victoria land, Antarctica")
        #expect(results[1].url == "http://sidst3.dst.unisi.it/english/Publications/TAP/TA_pdfs/Volume_09/TA_09_057_Forsyth.pdf")
        #expect(results[1].authors == ["PJ Forsyth", "N Mortimer", "IM Turnbull"])
        #expect(results[1].venue == "Terra Antartica")
        #expect(results[1].publisher == "sidst3.dst.unisi.it")

        // &#8211; in the title; the venue is cut with "…" after a no-break space.
        #expect(results[2].title == "Initiation of magmatism during the Cambrian–Ordovician Ross orogeny in southern Victoria Land, Antarctica")
        #expect(results[2].venue == "Geological Society of …")
        #expect(results[2].year == 2002)

        // A title Google cut at its start.
        #expect(results[4].title.hasPrefix("… erosion, uplift and unroofing of the Transantarctic Mountains"))
        #expect(results[4].authors == ["JL Smellie"])
        #expect(results[4].year == 2001)

        #expect(results[5].authors == ["S Bannister", "J Yu", "B Leitner"])
        #expect(results[5].authorsTruncated)
        #expect(results[5].venue == "Geophysical Journal …")
        #expect(results[5].year == 2003)
        #expect(results[5].publisher == "academic.oup.com")

        #expect(results[6].title == "Glacial Lake Victoria, a high\u{2010}level Antarctic lake inferred from lacustrine deposits in Victoria Valley")
        #expect(results[6].authors == ["BL Hall", "GH Denton", "B Overturf"])
        #expect(results[6].authorsTruncated)
        #expect(results[6].publisher == "Wiley Online Library")
    }

    @Test func test_2020ThesisWithoutVenueKeepsYearAndHost() throws {
        let result = try ScholarPageFixtures.resultsPage("gs-results-2020-geomap-olympus-range.html").results[9]
        #expect(result.title == "Surficial geology and geomorphology of the western Olympus Range, Antarctica: Implications for ice-sheet history")
        #expect(result.authors == ["B VandenHeuvel"])
        #expect(result.venue == nil)   // "B VandenHeuvel - 2002 - digitalcommons.library.umaine.edu"
        #expect(result.year == 2002)
        #expect(result.publisher == "digitalcommons.library.umaine.edu")
        #expect(result.citations == 3)
    }

    // MARK: 2024 markup: Prettier-reformatted, "&nbsp;-" separators, [HTML] markers

    @Test func test_2024PageHasTenResultsAndAEuropeanTotal() throws {
        let page = try ScholarPageFixtures.resultsPage("gs-results-2024-rpidanny-crispr-cas9-page1.html")
        #expect(page.results.count == 10)
        #expect(page.totalResults == 594_000)   // "About 594.000 results (0,04 sec)"
        #expect(page.results.map(\.citations) == [2020, 285, 7232, 11960, 6664, 327, 298, 178, 1258, 141])
    }

    @Test func test_2024ResultsReadAcrossLineBreaksAndHighlighting() throws {
        let results = try ScholarPageFixtures.resultsPage("gs-results-2024-rpidanny-crispr-cas9-page1.html").results
        #expect(results[0].title == "CRISPR–Cas9 structures and mechanisms")
        #expect(results[0].authors == ["F Jiang", "JA Doudna"])
        #expect(results[0].venue == "Annual review of biophysics")
        #expect(results[0].year == 2017)
        #expect(results[0].publisher == "annualreviews.org")
        #expect(results[0].type == nil)
        #expect(results[0].clusterID == "2456688039791281496")

        // Authors without profile links count too: "M Redman" is plain text.
        #expect(results[1].authors == ["M Redman", "A King", "C Watson", "D King"])
        #expect(results[1].venue == "Archives of Disease in …")

        // "E\n Charpentier": a name broken over two lines in the file.
        #expect(results[2].authors == ["JA Doudna", "E Charpentier"])

        #expect(results[3].authors == ["F Ran", "PD Hsu", "J Wright", "V Agarwala", "DA Scott"])
        #expect(results[3].authorsTruncated)
        #expect(results[3].venue == "Nature protocols")
        #expect(results[3].year == 2013)

        #expect(results[4].type == "HTML")
        #expect(results[4].title == "Development and applications of CRISPR-Cas9 for genome engineering")
        #expect(results[4].authors == ["PD Hsu", "ES Lander", "F Zhang"])

        // The cut list ends on a linked name: "…" follows the </a>.
        #expect(results[5].authors == ["T Zhan", "N Rindtorff", "J Betge", "MP Ebert"])
        #expect(results[5].authorsTruncated)
        #expect(results[5].venue == "Seminars in cancer …")
        #expect(results[5].year == 2019)
        #expect(results[5].publisher == "Elsevier")

        #expect(results[9].title == "How specific is CRISPR/Cas9 really?")
        #expect(results[9].authors == ["H O'Geen", "SY Abigail", "DJ Segal"])
    }

    @Test func test_aResultBecomesAPublicationWithItsCitedByLink() throws {
        let result = try ScholarPageFixtures.resultsPage("gs-results-2024-rpidanny-crispr-cas9-page1.html").results[3]
        let publication = result.publication()
        #expect(publication.title == "Genome engineering using the CRISPR-Cas9 system")
        #expect(publication.citations == 11960)
        #expect(publication.authorsTruncated)
        #expect(publication.citesURL == "https://scholar.google.com/scholar?cites=17078643212997978643&as_sdt=2005&sciodt=0,5&hl=en")
        #expect(publication.sourceRank == 4)   // data-rp="3"
        #expect(result.publication(sourceRank: 14).sourceRank == 14)
    }

    @Test func test_dataCIDDecodesToTheClusterIDOfTheCitesLink() {
        #expect(GoogleScholarResultReader.clusterID(fromDataCID: "WMW1j8HoFyIJ") == "2456688039791281496")
        #expect(GoogleScholarResultReader.clusterID(fromDataCID: "-WTGsFY9ZegJ") == "16745858231989331193")
        #expect(GoogleScholarResultReader.clusterID(fromDataCID: "!!") == nil)
    }

    @Test(arguments: [
        ("About 30 results (0.05 sec)", 30),
        ("Page 2 of about 1,230 results (0.05 sec)", 1230),
        ("About 594.000 results (0,04 sec)", 594_000),
        ("Ungefähr 1 230 Ergebnisse (0,04 Sek.)", 1230),
        ("7 results (0.01 sec)", 7),
    ])
    func test_totalResultsReadsEveryLocalesGrouping(summary: String, total: Int) {
        #expect(GoogleScholarResultsPage.totalResults(inSummary: summary) == total)
    }

    @Test func test_aSummaryWithoutNumbersHasNoTotal() {
        #expect(GoogleScholarResultsPage.totalResults(inSummary: "") == nil)
        #expect(GoogleScholarResultsPage.totalResults(inSummary: "Any time") == nil)
    }
}
