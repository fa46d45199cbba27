import Testing
@testable import ScholarKit

/// Name lists by BibTeX's rules (Patashnik, "Designing BibTeX Styles", §4), through the reader.
@Suite struct BibTeXNamesTests {
    func names(_ list: String) throws -> (authors: [String], truncated: Bool) {
        let paper = try #require(try readBibTeX("@article{k, title = {T}, author = {\(list)}}").publications.first)
        return (paper.authors, paper.authorsTruncated)
    }

    @Test func andOthersMeansTheListIsCut() throws {
        let result = try names("Tobler, Waldo R. and others")
        #expect(result.authors == ["Waldo R. Tobler"])
        #expect(result.truncated)
    }

    @Test func aCompleteListIsNotTruncated() throws {
        let result = try names("Waldo R. Tobler and Chen, Zi-tan")
        #expect(result.authors == ["Waldo R. Tobler", "Zi-tan Chen"])
        #expect(!result.truncated)
    }

    @Test func onlyOthersIsATruncatedEmptyList() throws {
        let result = try names("others")
        #expect(result.authors.isEmpty)
        #expect(result.truncated)
    }

    @Test func aBracedOthersIsAName() throws {
        #expect(try names("Smith, Ann and {others}").authors == ["Ann Smith", "others"])
    }

    @Test func lastJrFirstPutsJrLast() throws {
        #expect(try names("Louis, Jr., Edward and King, Jr, Martin Luther").authors == ["Edward Louis Jr.", "Martin Luther King Jr"])
    }

    @Test func vonParticlesStayWithTheSurname() throws {
        let result = try names("van Beethoven, Ludwig and Ludwig van Beethoven and de la Fontaine, Jean and {von Neumann}, John")
        #expect(result.authors == ["Ludwig van Beethoven", "Ludwig van Beethoven", "Jean de la Fontaine", "John von Neumann"])
    }

    @Test func andInsideAWordOrBracesDoesNotSplit() throws {
        let result = try names("Anderson, Pamela and {Bell and Howell} and Andersen, Hans Christian and Brandon Sanderson")
        #expect(result.authors == ["Pamela Anderson", "Bell and Howell", "Hans Christian Andersen", "Brandon Sanderson"])
    }

    @Test func andInAnyCaseAndAcrossLinesSplits() throws {
        let result = try names("A. Smith AND B. Jones\n   and\tC. Brown And\n D. Green")
        #expect(result.authors == ["A. Smith", "B. Jones", "C. Brown", "D. Green"])
    }

    @Test func aCommaInsideBracesIsPartOfTheName() throws {
        #expect(try names("{Barnes, Noble and Co}").authors == ["Barnes, Noble and Co"])
    }

    @Test func namesAreDecodedFromLaTeX() throws {
        let result = try names("H{\\\"{o}}pfner, Hagen and Dvo{\\v{r}}{\\'a}k, Anton{\\'\\i}n and Gro{\\ss}, J{\\\"u}rgen")
        #expect(result.authors == ["Hagen Höpfner", "Antonín Dvořák", "Jürgen Groß"])
    }

    @Test func wrappedNamesHaveTheirWhitespaceCollapsed() throws {
        #expect(try names("Engberg,\n   Shannon and Louis,   Jr.,  Edward").authors == ["Shannon Engberg", "Edward Louis Jr."])
    }
}
