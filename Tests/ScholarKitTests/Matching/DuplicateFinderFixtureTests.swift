import Foundation
import Testing
@testable import ScholarKit

/// Duplicates found by reading the Publish or Perish export of Google Scholar's records for
/// "W* Tobler" (829 rows; its README says it holds duplicates). Rows are found by title, so
/// the assertions do not depend on the importer's order.
@Suite(Fixtures.required) struct DuplicateFinderFixtureTests {
    static let file = "pop-gscholar-waldo-tobler-PoPCites.csv"

    struct Loaded {
        let publications: [Publication]
        let suggestions: [DuplicateSuggestion]

        func indices(ofTitle title: String) -> [Int] {
            publications.indices.filter { publications[$0].title == title }
        }

        func group(of index: Int) -> DuplicateSuggestion? {
            suggestions.first { $0.members.contains(index) }
        }

        /// True when every record with one of `titles` is in one suggestion.
        func grouped(_ titles: String...) throws -> DuplicateSuggestion? {
            let indices = titles.flatMap(indices(ofTitle:))
            try #require(indices.count >= titles.count, "titles not found in \(DuplicateFinderFixtureTests.file): \(titles)")
            let first = group(of: indices[0])
            return indices.allSatisfy({ group(of: $0) == first }) ? first : nil
        }
    }

    static func load() throws -> Loaded {
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports(file)).publications
        return Loaded(publications: publications, suggestions: DuplicateFinder().suggestions(in: publications))
    }

    @Test func test_identicalTitlesInOtherCaseAreGrouped() throws {
        let loaded = try Self.load()
        // "Cellular geography" (WR Tobler, 1979) and "Cellular Geography" (… WR Tobler …, 1979).
        let cellular = try #require(try loaded.grouped("Cellular geography", "Cellular Geography"))
        #expect(cellular.reason == .sameTitle)
        // Upper-case copy; Y Fujii on both lists, 2003.
        #expect(try loaded.grouped(
            "Parallel-Modulated Neural Network Friction Component Model for Automotive Powertrain Systems",
            "PARALLEL-MODULATED NEURAL NETWORK FRICTION COMPONENT MODEL FOR AUTOMOTIVE POWERTRAIN SYSTEMS") != nil)
        // 2008 and 2009, a preprint-and-journal pair; the second list misspells Pietron.
        #expect(loaded.indices(ofTitle: "Ratio shift control for a multiple ratio automatic transmission").count == 2)
        #expect(try loaded.grouped("Ratio shift control for a multiple ratio automatic transmission") != nil)
    }

    @Test func test_typoVariantsAreGroupedAsSimilarTitles() throws {
        let loaded = try Self.load()
        let pairs: [(String, String)] = [
            ("A geographic flow mapping program", "A geographical flow mapping program"),
            ("Geographic interpolation", "Geographical interpolation"),
            ("Bond graph modelling and computer simulation of automotive torque converter",
             "Bond graph modeling and computer simulation of automotive torque converters"),
            ("Shooth pyCnOphylactic interpOlatiOn forgeographicregions", "Smooth pycnophylactic interpolation for geographical regions"),
            ("Mıgratıon: Ravensteın, Thorntwaıte, And Beyond", "Migration: Ravenstein, thornthwaite, and beyond"),
        ]
        for (first, second) in pairs {
            let suggestion = try loaded.grouped(first, second)
            #expect(suggestion?.reason == .similarTitle, "\(first) / \(second)")
            #expect((suggestion?.similarity ?? 0) >= 0.9)
        }
    }

    @Test func test_recordsTooFarApartInYearsStayApart() throws {
        let loaded = try Self.load()
        // 1991 and 1989: the same title, two years apart.
        #expect(try loaded.grouped("Dynamic modeling and analysis of automotive multi-port electronic fuel delivery system",
                                   "Dynamic Modeling and analysis of Automotive Multi-port Electronic Fuel Delivery system") == nil)
        // 1959 and a 2011 reprint.
        #expect(try loaded.grouped("Automation and cartography", "Automation and Cartography") == nil)
        // Prechiasmatic (2010) and chiasmatic (2008) sulcus: similar titles, two papers.
        #expect(try loaded.grouped("Anatomic study of the prechiasmatic sulcus and its surgical implications",
                                   "Anatomic study of the chiasmatic sulcus and its surgical implications") == nil)
    }

    @Test func test_differentWorksWithSimilarTitlesStayApart() throws {
        let loaded = try Self.load()
        #expect(try loaded.grouped("Migration Fields, internal paper", "Commodity Fields, internal paper") == nil)
        #expect(try loaded.grouped("Subject Index Vol. 63, 1994", "Author Index Vol. 63, 1994") == nil)
        #expect(try loaded.grouped(
            "Prediction of wet band brake dynamic engagement behaviour Part 1: mathematical model development",
            "Prediction of wet band brake dynamic engagement behaviour Part 2: Experimental model validation") == nil)
    }

    @Test func test_everySuggestionIsWellFormed() throws {
        let loaded = try Self.load()
        #expect(loaded.publications.count == 829)
        let members = loaded.suggestions.flatMap(\.members)
        #expect(Set(members).count == members.count, "a record is in two groups")
        #expect(loaded.suggestions.allSatisfy { $0.members.count >= 2 && $0.members == $0.members.sorted() })
        #expect(loaded.suggestions.map { $0.members[0] } == loaded.suggestions.map { $0.members[0] }.sorted())
    }
}
