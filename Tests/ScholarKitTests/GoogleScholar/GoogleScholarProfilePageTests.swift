import Foundation
import Testing
@testable import ScholarKit

/// Every saved profile page, with values read from the HTML by eye (not from the parser).
@Suite(Fixtures.required) struct GoogleScholarProfilePageTests {
    @Test func test_2017SaveAsProfileWithoutTableHeader() throws {
        let page = try ScholarPageFixtures.profilePage("gs-profile-2017-yutao-tang-yu0ZKbUAAAAJ.html")
        #expect(page.name == "Yutao Tang")
        #expect(page.affiliation == "The college of William and Mary")
        #expect(page.interests.isEmpty)
        #expect(page.indices == GoogleScholarProfileIndices(
            citations: 17, citationsSince: 17, hIndex: 3, hIndexSince: 3, i10Index: 0, i10IndexSince: 0, sinceYear: 2012
        ))
        #expect(page.publications.count == 3)
        #expect(page.citationsPerYear == [2016: 12, 2017: 5])
        #expect(!page.hasMoreRows)   // <button id="gsc_bpf_more" disabled="">

        let first = page.publications[0]
        #expect(first.title == "Physical media covert channels on smart mobile devices")
        #expect(first.authors == ["E Novak", "Y Tang", "Z Hao", "Q Li", "Y Zhang"])
        #expect(!first.authorsTruncated)
        #expect(first.venue == "Proceedings of the 2015 ACM International Joint Conference on Pervasive and ...")
        #expect(first.year == 2015)
        #expect(first.citations == 7)
        #expect(first.url == "https://scholar.google.com/citations?view_op=view_citation&hl=en&user=yu0ZKbUAAAAJ&citation_for_view=yu0ZKbUAAAAJ:u-x6o8ySG0sC")
        #expect(first.clusterID == "11816235678208171422")
        let rowCitations: Int = page.publications.map(\.citations).reduce(0, +)
        #expect(rowCitations == 17)
    }

    @Test func test_2019ProfileWithAnEmptyCitationCellAndMoreRows() throws {
        let page = try ScholarPageFixtures.profilePage("gs-profile-2019-anne-kietzig-8daWuo4AAAAJ.html")
        #expect(page.name == "Anne Kietzig")
        #expect(page.affiliation == "Professor of Chemical Engineering, McGill Univeristy")
        #expect(page.interests == ["laser micromachining", "wetting", "biomimetics"])
        #expect(page.indices == GoogleScholarProfileIndices(
            citations: 1338, citationsSince: 1149, hIndex: 17, hIndexSince: 16, i10Index: 21, i10IndexSince: 21, sinceYear: 2014
        ))
        #expect(page.publications.count == 2)
        #expect(page.hasMoreRows)   // fetched with pagesize=2; "Show more" enabled
        let expectedPerYear: [Int: Int] = [2009: 6, 2010: 25, 2011: 44, 2012: 54, 2013: 56, 2014: 99, 2015: 128, 2016: 243, 2017: 248, 2018: 348, 2019: 83]
        #expect(page.citationsPerYear == expectedPerYear)

        // <a href="" class="gsc_a_ac gs_ibl"></a>: no citations, and no link.
        let uncited = page.publications[0]
        #expect(uncited.title == "Interaction of oxygen functionalized multi-walled carbon nanotube nanofluids with copper")
        #expect(uncited.authors == ["A Karthikeyan", "S Coulombe", "AM Kietzig", "RS Stein", "T van de Ven"])
        #expect(uncited.venue == "Carbon 140, 201-209")
        #expect(uncited.year == 2018)
        #expect(uncited.citations == 0)
        #expect(uncited.citedByURL == nil)
        #expect(page.publications[1].citations == 1)
    }

    @Test func test_2024PrettyPrintedProfileWithCutAuthorListsAndMissingYears() throws {
        let page = try ScholarPageFixtures.profilePage("gs-profile-2024-jason-ernst-SbUmSEAAAAAJ.html")
        #expect(page.name == "Jason Ernst")
        #expect(page.affiliation == "University of Guelph")
        #expect(page.interests == ["Wireless Mesh Networks", "Heteroeneous Wireless Networks", "Decentralization", "Simulation", "Robotics"])
        #expect(page.indices == GoogleScholarProfileIndices(
            citations: 1083, citationsSince: 806, hIndex: 14, hIndexSince: 8, i10Index: 17, i10IndexSince: 7, sinceYear: 2019
        ))
        #expect(page.publications.count == 58)
        #expect(!page.hasMoreRows)
        let uncitedRows: Int = page.publications.filter { $0.citations == 0 }.count
        #expect(uncitedRows == 12)
        let rowCitations: Int = page.publications.map(\.citations).reduce(0, +)
        #expect(rowCitations == 1083)

        let first = page.publications[0]
        #expect(first.title == "Decentralized applications: The blockchain-empowered software system")   // broken over two lines
        #expect(first.citations == 485)
        #expect(first.year == 2018)
        #expect(first.venue == "IEEE access 6, 53019-53033")

        let second = page.publications[1]
        #expect(second.authors == ["B Hecht", "L Wilcox", "JP Bigham", "J Schöning", "E Hoque", "J Ernst", "Y Bisk"])
        #expect(second.authorsTruncated)   // "Y Bisk, ..."

        // "NGWMN 2010 Reviewers": no venue, no citations, an empty year cell.
        let undated = page.publications[55]
        #expect(undated.title == "NGWMN 2010 Reviewers")
        #expect(undated.year == nil)
        #expect(undated.venue == nil)
        #expect(undated.citations == 0)
        #expect(undated.authorsTruncated)

        let perYear = try #require(page.citationsPerYear)
        #expect(perYear.keys.sorted() == Array(2009...2024))
        #expect((2009...2024).map { perYear[$0] ?? -1 } == [3, 5, 15, 10, 16, 40, 30, 54, 46, 51, 110, 128, 165, 165, 200, 35])
    }

    @Test func test_2026ProfileWithMoreRowsAndACutVenue() throws {
        let page = try ScholarPageFixtures.profilePage("gs-profile-2026-bangar-raju-cherukuri-amIMrIEAAAAJ.html")
        #expect(page.name == "Bangar Raju Cherukuri")
        #expect(page.affiliation == "Senior .NET Web Developer")
        #expect(page.indices == GoogleScholarProfileIndices(
            citations: 425, citationsSince: 417, hIndex: 11, hIndexSince: 11, i10Index: 11, i10IndexSince: 11, sinceYear: 2021
        ))
        #expect(page.publications.count == 20)
        #expect(page.hasMoreRows)
        #expect(page.citationsPerYear == [2020: 8, 2021: 20, 2022: 23, 2023: 26, 2024: 41, 2025: 95, 2026: 212])
        let first = page.publications[0]
        #expect(first.title == "Optimization of Data Structures and Trade-Offs with Concurrency Control in Multithread Software Structures Using Artificial Intelligence")
        #expect(first.authors == ["BR Cherukuri", "V Arulkumar"])
        #expect(first.venue == "2024 IEEE International Conference on Computing, Power and Communication …")
        #expect(first.year == 2024)
        #expect(first.citations == 131)
    }

    /// 14 year labels, 12 bars: z-index 9 and 6 are missing, so 2017 and 2020 had no citations.
    /// Matching bars to labels by position would shift every year before 2021.
    @Test func test_2026HistogramAlignsBarsByZIndexSoYearsWithoutBarsAreZero() throws {
        let page = try ScholarPageFixtures.profilePage("gs-profile-2026-doaa-elmatary-LZ5D_p4AAAAJ.html")
        let perYear = try #require(page.citationsPerYear)
        #expect(perYear.keys.sorted() == Array(2012...2025))
        #expect((2012...2025).map { perYear[$0] ?? -1 } == [4, 4, 5, 4, 2, 0, 3, 3, 0, 2, 3, 9, 7, 9])
        #expect(perYear[2017] == 0)
        #expect(perYear[2020] == 0)
    }

    @Test func test_2026CompleteProfileWithRowsWithoutVenueOrYear() throws {
        let page = try ScholarPageFixtures.profilePage("gs-profile-2026-doaa-elmatary-LZ5D_p4AAAAJ.html")
        #expect(page.name == "Doaa Elmatary")
        #expect(page.interests == ["AI-Wireless networks-IoT"])
        #expect(page.indices == GoogleScholarProfileIndices(
            citations: 56, citationsSince: 30, hIndex: 4, hIndexSince: 2, i10Index: 2, i10IndexSince: 1, sinceYear: 2021
        ))
        #expect(page.publications.count == 12)
        #expect(!page.hasMoreRows)
        let rowCitations: Int = page.publications.map(\.citations).reduce(0, +)
        #expect(rowCitations == 56)

        let first = page.publications[0]
        #expect(first.title == "Performance comparison of various machine learning approaches to identify the best one in predicting heart disease")
        #expect(first.authors == ["EM Abd Allah", "DE El-Matary", "EM Eid", "AST El Dien"])
        #expect(first.venue == "Journal of Computer and Communications 10 (2), 1-18")
        #expect(first.year == 2022)
        #expect(first.citations == 25)

        let noVenue = page.publications[6]   // empty second div.gs_gray
        #expect(noVenue.venue == nil)
        #expect(noVenue.year == 2013)
        #expect(noVenue.citations == 1)

        let last = page.publications[11]     // empty citation cell and empty year cell
        #expect(last.title == "Non-Gaussian Noisy Channel Effect on Multi-user IDMA-UWB Communication System")
        #expect(last.authors == ["DEE Matary", "EAA Hagras", "HM Abdel-Kader"])
        #expect(last.year == nil)
        #expect(last.citations == 0)
    }

    @Test func test_articleDetailPageReadsItsFieldsAndItsOwnHistogram() throws {
        let html = try ScholarPageFixtures.bytes(ScholarPageFixtures.profiles, "gs-profile-2024-article-detail-view-citation.html")
        let article = try GoogleScholarArticleDetail.parse(html: html)
        #expect(article.title == "Decentralized applications: The blockchain-empowered software system")
        #expect(article.url == "https://ieeexplore.ieee.org/abstract/document/8466786/")
        #expect(article.authors == ["Wei Cai", "Zehua Wang", "Jason B Ernst", "Zhen Hong", "Chen Feng", "Victor CM Leung"])
        #expect(article.publicationDate == "2018/9/16")
        #expect(article.year == 2018)
        #expect(article.venue == "IEEE access")
        #expect(article.publisher == "IEEE")
        #expect(article.fields["Volume"] == "6")
        #expect(article.fields["Pages"] == "53019-53033")
        #expect(article.totalCitations == 485)
        #expect(article.clusterID == "16589742970128240413")
        #expect(article.citationsPerYear == [2019: 44, 2020: 67, 2021: 91, 2022: 114, 2023: 148, 2024: 17])
    }

    @Test func test_histogramZIndexIsReadFromTheStyle() {
        #expect(GoogleScholarCitationHistogram.zIndex(inStyle: "right:424px;top:96px;height:64px;z-index:14") == 14)
        #expect(GoogleScholarCitationHistogram.zIndex(inStyle: "left:8px; height:57px; z-index: 2") == 2)
        #expect(GoogleScholarCitationHistogram.zIndex(inStyle: "left:8px") == nil)
    }
}
