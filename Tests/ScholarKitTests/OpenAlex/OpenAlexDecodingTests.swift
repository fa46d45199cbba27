import Foundation
import Testing
@testable import ScholarKit

/// Decodes every saved OpenAlex response; expected values were read from the JSON files.
@Suite("OpenAlex decoding", Fixtures.required)
struct OpenAlexDecodingTests {
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Fixtures.data("scholar/openalex/\(name)"))
    }

    static func worksPage() throws -> OpenAlexList<OpenAlexWork> {
        try decode(OpenAlexList<OpenAlexWork>.self, "openalex-works-filter-author-A5017898742.json")
    }

    // MARK: works list (Joseph Mearman)

    @Test func test_worksListMetaHasCountAndNoCursor() throws {
        let page = try Self.worksPage()
        #expect(page.meta == OpenAlexListMeta(count: 9, page: 1, perPage: 25, nextCursor: nil))
        #expect(page.results.count == 9)
    }

    @Test func test_worksListCitationCountsInOrder() throws {
        let page = try Self.worksPage()
        let citations: [Int?] = page.results.map(\.citedByCount)
        #expect(citations == [28, 10, 1, 2, 0, 0, 0, 0, 0])
        let total: Int = page.results.map(\.publication.citations).reduce(0, +)
        #expect(total == 41)
        let authorships: Int = page.results.map(\.authorships.count).reduce(0, +)
        #expect(authorships == 50)
    }

    @Test func test_firstWorkWithDOIBecomesPublication() throws {
        let work = try #require(try Self.worksPage().results.first)
        #expect(work.shortID == "W2250748100")
        let publication = work.publication
        #expect(publication.title == "Alternative Representations of 3D-Reconstructed Heritage Data")
        #expect(publication.year == 2015)
        #expect(publication.citations == 28)
        #expect(publication.authors.count == 11)
        #expect(publication.authors.first == "Helen Cabot Miles")
        #expect(publication.authorsTruncated == false)
        #expect(publication.doi == "10.1145/2795233")
        #expect(publication.articleURL == "https://doi.org/10.1145/2795233")
        #expect(publication.venue == "Journal on Computing and Cultural Heritage")
        #expect(publication.publisher == "Association for Computing Machinery")
        #expect(publication.type == "article")
    }

    @Test func test_firstWorkCitationsPerYearSumToItsCitations() throws {
        let work = try #require(try Self.worksPage().results.first)
        let perYear = work.citationsPerYear
        #expect(perYear.count == 10)
        #expect(perYear[2018] == 5)
        #expect(perYear[2016] == 1)
        #expect(perYear[2015] == nil)
        let sum: Int = perYear.values.reduce(0, +)
        #expect(sum == 28)
    }

    @Test func test_workWithoutDOIUsesLandingPageAndHasNoPublisher() throws {
        let work = try Self.worksPage().results[1]
        let publication = work.publication
        #expect(publication.title == "Synthetic visualizations in web-based mixed reality")
        #expect(publication.year == 2017)
        #expect(publication.citations == 10)
        #expect(publication.doi == nil)
        #expect(publication.articleURL == "https://research.bangor.ac.uk/portal/files/28624180/Ritsos_et_al_IAW_2017.pdf")
        #expect(publication.venue == "IEEE Visualization")
        #expect(publication.publisher == nil)
        #expect(publication.authors.count == 4)
    }

    @Test func test_preprintKeepsItsTypeAndRepositoryVenue() throws {
        let publication = try Self.worksPage().results[3].publication
        #expect(publication.title == "3D Visualisations Should Not be Displayed Alone - Encouraging a Need for Multivocality in Visualisation")
        #expect(publication.type == "preprint")
        #expect(publication.doi == "10.48550/arxiv.2108.04680")
        #expect(publication.venue == "arXiv (Cornell University)")
        #expect(publication.publisher == "Cornell University")
        #expect(publication.year == 2021)
        #expect(publication.citations == 2)
    }

    @Test func test_workWithoutSourceOrCitationsHasNilVenueAndEmptyYears() throws {
        let work = try Self.worksPage().results[4]
        #expect(work.publication.title == "Harnessing Photogrammetry to Create Alternative Views in Heritage")
        #expect(work.publication.venue == nil)
        #expect(work.publication.citations == 0)
        #expect(work.citationsPerYear.isEmpty)
    }

    // MARK: single work

    @Test func test_singleWorkStateOfOA() throws {
        let work = try Self.decode(OpenAlexWork.self, "openalex-work-W2741809807.json")
        let publication = work.publication
        #expect(publication.title == "The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles")
        #expect(publication.year == 2018)
        #expect(publication.citations == 962)
        #expect(publication.authors.count == 9)
        #expect(publication.authors.first == "Heather Piwowar")
        #expect(publication.authors.last == "Stefanie Haustein")
        #expect(publication.venue == "PeerJ")
        #expect(publication.publisher == "PeerJ, Inc.")
        #expect(publication.doi == "10.7717/peerj.4375")
        #expect(work.ids["pmid"] == "https://pubmed.ncbi.nlm.nih.gov/29456894")
        #expect(work.ids["mag"] == "2741809807")
    }

    @Test func test_singleWorkCountsByYearCoverOnlyRecentYears() throws {
        let work = try Self.decode(OpenAlexWork.self, "openalex-work-W2741809807.json")
        let perYear = work.citationsPerYear
        #expect(perYear.keys.sorted() == Array(2017...2025))
        #expect(perYear[2020] == 179)
        // 960 of 962: counts_by_year is not a complete history, so it never replaces cited_by_count.
        let sum: Int = perYear.values.reduce(0, +)
        #expect(sum == 960)
    }

    @Test func test_truncatedAuthorListIsMarked() throws {
        // Written for this test: no saved work has over 100 authors, so none carries the flag.
        let json = #"{"id": "https://openalex.org/W1", "title": "Big collaboration", "is_authors_truncated": true,"#
            + #" "authorships": [{"author": {"display_name": "A. One"}}, {"author": {}}]}"#
        let work = try JSONDecoder().decode(OpenAlexWork.self, from: Data(json.utf8))
        #expect(work.publication.authorsTruncated)
        #expect(work.publication.hasUncertainAuthorCount)
        #expect(work.publication.authors == ["A. One"])
    }

    @Test func test_emptyAndNullFieldsDecodeAsNil() throws {
        let json = #"{"title": null, "display_name": "Only a display name", "primary_location": null, "ids": {"x": null}}"#
        let work = try JSONDecoder().decode(OpenAlexWork.self, from: Data(json.utf8))
        let publication = work.publication
        #expect(publication.title == "Only a display name")
        #expect(publication.year == nil)
        #expect(publication.citations == 0)
        #expect(publication.venue == nil)
        #expect(publication.articleURL == nil)
        #expect(work.ids.isEmpty)
    }

    // MARK: authors

    @Test func test_authorJosephMearman() throws {
        let author = try Self.decode(OpenAlexAuthorSummary.self, "openalex-author-A5017898742.json")
        #expect(author.displayName == "Joseph Mearman")
        #expect(author.shortID == "A5017898742")
        #expect(author.worksCount == 9)
        #expect(author.citedByCount == 41)
        #expect(author.summaryStats?.hIndex == 2)
        #expect(author.summaryStats?.i10Index == 2)
        #expect(author.summaryStats?.twoYearMeanCitedness == 0)
        #expect(author.orcid == nil)
        #expect(author.lastKnownInstitutions == ["Bangor University"])
        #expect(author.countsByYear.count == 12)
        #expect(author.countsByYear.first == OpenAlexYearCount(year: 2025, citedByCount: 2, worksCount: 0))
        let citations: Int = author.countsByYear.citationsPerYear.values.reduce(0, +)
        #expect(citations == 41)
        #expect(author.isDeleted == false)
    }

    @Test func test_authorJasonPriem() throws {
        let author = try Self.decode(OpenAlexAuthorSummary.self, "openalex-author-A5023888391-jason-priem.json")
        #expect(author.displayName == "Jason Priem")
        #expect(author.worksCount == 62)
        #expect(author.citedByCount == 3890)
        #expect(author.summaryStats?.hIndex == 17)
        #expect(author.summaryStats?.i10Index == 20)
        #expect(author.summaryStats?.twoYearMeanCitedness == 6.0)
        #expect(author.orcid == "https://orcid.org/0000-0001-6187-6610")
        let years = author.countsByYear.compactMap(\.year)
        #expect(years == Array((2012...2025).reversed()))
        // The per-year rows add up to more than cited_by_count in this snapshot; kept as OpenAlex sent them.
        let citations: Int = author.countsByYear.citationsPerYear.values.reduce(0, +)
        #expect(citations == 4075)
    }

    @Test func test_authorJevinWest() throws {
        let author = try Self.decode(OpenAlexAuthorSummary.self, "openalex-author-A5046879461-jevin-west.json")
        #expect(author.displayName == "Jevin D. West")
        #expect(author.worksCount == 158)
        #expect(author.citedByCount == 6110)
        #expect(author.summaryStats?.hIndex == 31)
        #expect(author.summaryStats?.i10Index == 59)
        #expect(author.countsByYear.count == 14)
        #expect(author.lastKnownInstitutions == ["Inform (Germany)", "Defense Information School", "University of Washington"])
    }

    @Test func test_deletedAuthorIsRecognised() throws {
        let author = try Self.decode(OpenAlexAuthorSummary.self, "openalex-author-A5317838346-deleted.json")
        #expect(author.displayName == "Deleted Author")
        #expect(author.worksCount == 0)
        #expect(author.citedByCount == 0)
        #expect(author.countsByYear.isEmpty)
        #expect(author.summaryStats?.hIndex == 0)
        #expect(author.isDeleted)
    }

    // MARK: author search and the empty list

    @Test func test_authorSearchMearman() throws {
        let page = try Self.decode(OpenAlexList<OpenAlexAuthorSummary>.self, "openalex-authors-search-mearman.json")
        #expect(page.meta?.count == 8)
        #expect(page.meta?.perPage == 20)
        let names = page.results.compactMap(\.displayName)
        #expect(names == [
            "Andrew Mearman", "Joseph Mearman", "David H. Mearman", "ROBERT C. MEARMAN",
            "Kimberly A. Mearman", "S. Mearman", "R. C. MEARMAN", "Downward and Mearman Tony Lawson",
        ])
        let worksCounts: [Int?] = page.results.map(\.worksCount)
        #expect(worksCounts == [106, 9, 2, 1, 1, 1, 1, 1])
        #expect(page.results.first?.citedByCount == 1069)
        #expect(page.results.first?.summaryStats?.hIndex == 18)
    }

    @Test func test_emptyWorksList() throws {
        let page = try Self.decode(OpenAlexList<OpenAlexWork>.self, "openalex-works-empty-result-cites-W3209445140.json")
        #expect(page.meta?.count == 0)
        #expect(page.meta?.perPage == 50)
        #expect(page.results.isEmpty)
    }

    // MARK: choosing among namesakes

    @Test func test_bestMatchPrefersMostWorksWhenNoNameIsExact() throws {
        let page = try Self.decode(OpenAlexList<OpenAlexAuthorSummary>.self, "openalex-authors-search-mearman.json")
        #expect(OpenAlexAuthorMatch.best(page.results, for: "mearman")?.displayName == "Andrew Mearman")
    }

    @Test func test_bestMatchPrefersExactNameOverMoreWorks() throws {
        let page = try Self.decode(OpenAlexList<OpenAlexAuthorSummary>.self, "openalex-authors-search-mearman.json")
        #expect(OpenAlexAuthorMatch.best(page.results, for: "joseph mearman")?.shortID == "A5017898742")
        // "J. W. Mearman" is one of Joseph's alternative names.
        #expect(OpenAlexAuthorMatch.best(page.results, for: "J W Mearman")?.shortID == "A5017898742")
        #expect(OpenAlexAuthorMatch.best(page.results, for: "R. C. Mearman")?.shortID == "A5045397970")
    }

    @Test func test_idsAreShortenedFromURLs() {
        #expect(OpenAlexID.short("https://openalex.org/A5017898742") == "A5017898742")
        #expect(OpenAlexID.short(" A5017898742 ") == "A5017898742")
    }
}
