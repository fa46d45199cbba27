import Foundation
import Testing
@testable import ScholarKit

/// What `BibTeXWriter` writes reads back through `BibTeXReader` unchanged.
@Suite struct BibTeXWriterTests {
    static let varied: [Publication] = [
        Publication(
            title: "Über die Größe von Ångström-Skalen: ‘café’ — naïve résumé", authors: ["Jürgen Groß", "Antonín Dvořák", "Zoë Ørsted-Łukasiewicz"],
            authorsTruncated: true, year: 2019, citations: 42, venue: "Zeitschrift für Änderungen", publisher: "Springer-Verlag",
            articleURL: "https://example.org/über?a=1&b=2#frag", doi: "10.1000/xyz_123", type: "article"
        ),
        Publication(
            title: "Sets {x} and {} with 100% of $5 & #1 items_under_score", authors: ["Pamela Anderson", "Bell and Howell", "Smith, Jones & Co", "Brandon Sanderson"],
            year: 2001, venue: "J. Irreproducible Results", publisher: "Black & Decker", doi: "10.1002/1098-2345(200011)52:3<133::AID-AJP2>3.0.CO;2-#"
        ),
        Publication(title: "No authors, no year -- a `quoted' ``double'' test with ~ and ^ and \\ backslash", citations: 7),
        Publication(
            title: "Proceedings paper", authors: ["Edward Louis Jr.", "Ludwig van Beethoven", "Others", "AND"], year: 1827, citations: 3,
            venue: "Proc. of Things", publisher: "ACM", articleURL: "https://example.org/~user/a%20b_c", type: "inproceedings"
        ),
        Publication(title: "A book in a series", authors: ["Michael Ley"], year: 1993, citations: 1, venue: "DISKI", publisher: "Infix", type: "book"),
        Publication(title: "Cut list with no names", authorsTruncated: true, year: 2020, citations: 1_000_000, type: "JOUR"),
        Publication(title: "α-helix 研究 in CO₂, 50 % off", authors: ["王小明", "Søren Kierkegaard"], year: 1843, venue: "Ex. & Ann.", type: "CHAP"),
    ]

    @Test func aRoundTripKeepsEveryField() throws {
        let text = BibTeXWriter.write(Self.varied)
        let result = try readBibTeX(text)
        #expect(result.skipped.isEmpty)
        let readBack = result.publications.map(BibTeXEssentials.init)
        let original = Self.varied.map(BibTeXEssentials.init)
        try #require(readBack.count == original.count)
        for (read, written) in zip(readBack, original) {
            #expect(read == written)
        }
    }

    @Test func entryTypesAndVenueFieldsFollowBibTeXStyles() throws {
        let publications = try readBibTeX(BibTeXWriter.write(Self.varied)).publications
        #expect(publications.map(\.type) == ["article", "article", "misc", "inproceedings", "book", "article", "incollection"])
        let text = BibTeXWriter.write(Self.varied)
        #expect(text.contains("  booktitle = {Proc. of Things}"))
        #expect(text.contains("  series = {DISKI}"))
        #expect(text.contains("  booktitle = {Ex. \\& Ann.}"))
        #expect(text.contains("  journal = {J. Irreproducible Results}"))
    }

    @Test func namesThatBibTeXWouldSplitAreBraced() {
        let text = BibTeXWriter.write([Self.varied[1], Self.varied[3]])
        #expect(text.contains("author = {Pamela Anderson and {Bell and Howell} and {Smith, Jones \\& Co} and Brandon Sanderson}"))
        #expect(text.contains("author = {Edward Louis Jr. and Ludwig van Beethoven and {Others} and {AND}}"))
    }

    @Test func blankNamesAreLeftOut() throws {
        let text = BibTeXWriter.write([Publication(title: "T", authors: ["", "Ann Smith", " "]), Publication(title: "U", authors: [""])])
        #expect(text.contains("author = {Ann Smith}"))
        #expect(text.components(separatedBy: "author =").count == 2)
        #expect(try readBibTeX(text).publications.map(\.authors) == [["Ann Smith"], []])
    }

    @Test func everyEntryCarriesItsCitationCount() {
        let text = BibTeXWriter.write([Publication(title: "Uncited"), Publication(title: "Cited", citations: 12)])
        #expect(text.contains("citations = {0}"))
        #expect(text.contains("citations = {12}"))
    }

    @Test func anEmptyListWritesNothing() {
        #expect(BibTeXWriter.write([]).isEmpty)
    }

    // MARK: Citation keys

    /// The keys of the entries in written BibTeX, in order.
    func keys(of publications: [Publication]) -> [String] {
        BibTeXWriter.write(publications).split(separator: "\n").filter { $0.hasPrefix("@") }.map { line in
            String(line.drop { $0 != "{" }.dropFirst().dropLast())   // "@article{key," → "key"
        }
    }

    @Test func keysFollowGoogleScholarsStyle() {
        let tobler = Publication(title: "A computer movie simulating urban growth in the Detroit region", authors: ["W. R. Tobler"], year: 1970)
        #expect(keys(of: [tobler]) == ["tobler1970computer"])
    }

    @Test func keysAreUniqueForTheSameAuthorYearAndFirstWord() {
        let first = Publication(title: "Deep learning for maps", authors: ["Ann Smith"], year: 2020)
        let second = Publication(title: "Deep learning for graphs", authors: ["Ann Smith", "Bob Jones"], year: 2020)
        let third = Publication(title: "The deep end", authors: ["Smith, Ann"], year: 2020)
        let written = keys(of: [first, second, third])
        #expect(written == ["smith2020deep", "smith2020deepa", "smith2020deepb"])
        #expect(Set(written).count == 3)
    }

    @Test func keysAreLowercaseASCII() {
        let papers = [
            Publication(title: "Über Datenbanken", authors: ["Hagen Höpfner"], year: 2007),
            Publication(title: "Slavonic Dances", authors: ["Antonín Dvořák"], year: 1878),
            Publication(title: "Straßen", authors: ["Jürgen Groß"]),
            Publication(title: "Martin Luther King", authors: ["Edward Louis Jr."], year: 2006),
            Publication(title: "The", year: 2000),
            Publication(title: "On the of"),
        ]
        #expect(keys(of: papers) == ["hopfner2007uber", "dvorak1878slavonic", "grossstrassen", "louis2006martin", "2000", "publication"])
    }

    @Test func manyCollisionsRunPastZ() {
        let same = Array(repeating: Publication(title: "Same", authors: ["A Author"], year: 2000), count: 29)
        let written = keys(of: same)
        #expect(Set(written).count == 29)
        // The first keeps the bare key, the next 26 take "a" … "z", then "aa", "ab".
        #expect(Array(written.suffix(3)) == ["author2000samez", "author2000sameaa", "author2000sameab"])
    }
}
