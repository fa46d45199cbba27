import Testing
@testable import ScholarKit

/// The author line's split, on lines as Google writes them (after whitespace normalisation).
@Suite struct GoogleScholarAuthorLineTests {
    @Test func test_threePartsGiveAuthorsVenueYearAndHost() {
        let line = GoogleScholarAuthorLine("Y LeCun, Y Bengio, G Hinton - Nature, 2015 - nature.com")
        #expect(line == GoogleScholarAuthorLine(authors: ["Y LeCun", "Y Bengio", "G Hinton"], venue: "Nature", year: 2015, publisher: "nature.com"))
    }

    @Test func test_aMissingHostLeavesVenueAndYear() {
        let line = GoogleScholarAuthorLine("MJ Isaac, TJ Chinn - Antarctica. Institute of Geological and …, 1996")
        #expect(line == GoogleScholarAuthorLine(authors: ["MJ Isaac", "TJ Chinn"], venue: "Antarctica. Institute of Geological and …", year: 1996))
    }

    @Test func test_aMissingVenueLeavesYearAndHost() {
        let line = GoogleScholarAuthorLine("B VandenHeuvel - 2002 - digitalcommons.library.umaine.edu")
        #expect(line == GoogleScholarAuthorLine(authors: ["B VandenHeuvel"], year: 2002, publisher: "digitalcommons.library.umaine.edu"))
    }

    @Test func test_aMissingYearLeavesVenueWithoutAYear() {
        let line = GoogleScholarAuthorLine("A Einstein - Annalen der Physik - Wiley Online Library")
        #expect(line.year == nil)
        #expect(line.venue == "Annalen der Physik")
        #expect(line.publisher == "Wiley Online Library")
    }

    @Test func test_aBookWithOnlyAHostHasNoVenueOrYear() {
        let line = GoogleScholarAuthorLine("WR Tobler - books.google.com")
        #expect(line == GoogleScholarAuthorLine(authors: ["WR Tobler"], publisher: "books.google.com"))
    }

    @Test func test_aYearInsideTheVenueIsNotThePublicationYear() {
        let line = GoogleScholarAuthorLine("E Novak, Y Tang - Proceedings of the 2015 ACM International … - dl.acm.org")
        #expect(line.year == nil)
        #expect(line.venue == "Proceedings of the 2015 ACM International …")
    }

    @Test func test_aVenueWithItsOwnDashKeepsIt() {
        let line = GoogleScholarAuthorLine("J Smith - Proceedings - IEEE Symposium, 2001 - ieeexplore.ieee.org")
        #expect(line.venue == "Proceedings - IEEE Symposium")
        #expect(line.year == 2001)
        #expect(line.publisher == "ieeexplore.ieee.org")
    }

    @Test func test_cutAuthorsAndCutVenueAreBothKept() {
        let line = GoogleScholarAuthorLine("S Bannister, J Yu, B Leitner… - Geophysical Journal …, 2003 - academic.oup.com")
        #expect(line.authors == ["S Bannister", "J Yu", "B Leitner"])
        #expect(line.authorsTruncated)
        #expect(line.venue == "Geophysical Journal …")
        #expect(line.year == 2003)
    }

    @Test func test_authorsAloneAndAnEmptyLine() {
        #expect(GoogleScholarAuthorLine("A Author, B Author") == GoogleScholarAuthorLine(authors: ["A Author", "B Author"]))
        #expect(GoogleScholarAuthorLine("") == GoogleScholarAuthorLine())
    }
}
