import Foundation
import Testing
@testable import ScholarKit

@Suite struct DuplicateFinderTests {
    func paper(_ title: String, _ authors: [String] = ["JA Doudna"], year: Int? = 2017, doi: String? = nil,
               truncated: Bool = false, excluded: Bool = false) -> Publication {
        Publication(title: title, authors: authors, authorsTruncated: truncated, year: year, doi: doi, isExcluded: excluded)
    }

    func groups(_ publications: [Publication], finder: DuplicateFinder = DuplicateFinder()) -> [[Int]] {
        finder.suggestions(in: publications).map(\.members)
    }

    @Test func test_anEmptyListHasNoSuggestions() {
        #expect(DuplicateFinder().suggestions(in: []).isEmpty)
        #expect(DuplicateFinder().suggestions(in: [paper("CRISPR–Cas9 structures and mechanisms")]).isEmpty)
    }

    @Test func test_caseAndPunctuationAndDiacriticVariantsAreTheSameTitle() {
        let suggestions = DuplicateFinder().suggestions(in: [
            paper("CRISPR–Cas9 structures and mechanisms"),
            paper("A different paper on genome editing"),
            paper("crispr-cas9 STRUCTURES, and mechanisms.", ["Jennifer A. Doudna", "F Jiang"]),
            paper("CRISPR Cas9 structures and méchanisms", ["Doudna, Jennifer A."], year: nil),
        ])
        #expect(suggestions == [DuplicateSuggestion(members: [0, 2, 3], reason: .sameTitle, similarity: 1)])
    }

    @Test func test_aDroppedShortSubtitleIsSimilarAndALongOneIsNot() {
        let full = "A programmable dual-RNA-guided DNA endonuclease in adaptive bacterial immunity"
        let short = paper(full + ": a review")   // " a review": 9 scalars more on 87, 0.897
        let shortest = paper(full + ": review")  // " review": 7 more on 85, 0.918
        let long = paper(full + ": structural basis of target recognition and cleavage by Cas9")
        #expect(groups([paper(full), shortest]) == [[0, 1]])
        #expect(groups([paper(full), short]).isEmpty)
        #expect(groups([paper(full), short], finder: DuplicateFinder(titleThreshold: 0.85)) == [[0, 1]])
        #expect(groups([paper(full), long]).isEmpty)
    }

    @Test func test_aTypoIsSimilarTitleWithItsSimilarity() throws {
        let suggestion = try #require(DuplicateFinder().suggestions(in: [
            paper("Bond graph modelling and computer simulation of automotive torque converter", ["D Horvat", "WE Tobler"], year: 1985),
            paper("Bond graph modeling and computer simulation of automotive torque converters", ["D Hrovat", "WE Tobler"], year: 1985),
        ]).first)
        #expect(suggestion.members == [0, 1])
        #expect(suggestion.reason == .similarTitle)
        #expect(suggestion.similarity == 1 - 2.0 / 75)
    }

    @Test func test_yearsTwoApartAreNotTheSameWork() {
        #expect(groups([paper("Cellular geography", year: 1979), paper("Cellular geography", year: 1981)]).isEmpty)
        #expect(groups([paper("Cellular geography", year: 1979), paper("Cellular geography", year: 1980)]) == [[0, 1]])
        #expect(groups([paper("Cellular geographies", year: 1979), paper("Cellular geography", year: 1981)],
                       finder: DuplicateFinder(titleThreshold: 0.8)).isEmpty)
        #expect(groups([paper("Cellular geography", year: 1979), paper("Cellular geography", year: 1981)],
                       finder: DuplicateFinder(yearTolerance: 2)) == [[0, 1]])
    }

    @Test func test_aMissingYearMatchesAnyYear() {
        #expect(groups([paper("Cellular geography", year: 1979), paper("Cellular geography", year: nil)]) == [[0, 1]])
        #expect(groups([paper("Cellular geograpy", year: nil), paper("Cellular geography", year: 2020)]) == [[0, 1]])
    }

    @Test func test_noSharedSurnameIsNotTheSameWork() {
        #expect(groups([paper("Series preface", ["F Restle"]), paper("Series preface", ["G Kramer"])]).isEmpty)
        #expect(groups([paper("Migration fields revisited", ["W Tobler"]), paper("Migration field revisited", ["R Golledge"])]).isEmpty)
    }

    @Test func test_anUncheckableAuthorListAllowsOnlyTheSameTitle() {
        // A record without authors, or with a cut list that misses the other's names,
        // pairs on an identical normalised title only; a fuzzy title needs a shared surname.
        #expect(groups([paper("Cellular geography", []), paper("Cellular Geography", ["WR Tobler"])]) == [[0, 1]])
        #expect(groups([paper("Cellular geography", ["RR Vatsavai"], truncated: true), paper("Cellular geography", ["WR Tobler"])]) == [[0, 1]])
        #expect(groups([paper("Cellular geograpy", []), paper("Cellular geography", ["WR Tobler"])]).isEmpty)
        #expect(groups([paper("Cellular geograpy", ["RR Vatsavai"], truncated: true), paper("Cellular geography", ["WR Tobler"])]).isEmpty)
        #expect(groups([paper("Cellular geograpy", ["RR Vatsavai", "WR Tobler"]), paper("Cellular geography", ["W Tobler"])]) == [[0, 1]])
    }

    @Test func test_citationStubsWithInitialsMatchTheFullRecord() {
        #expect(groups([
            paper("A programmable dual-RNA-guided DNA endonuclease in adaptive bacterial immunity",
                  ["Martin Jinek", "Krzysztof Chylinski", "Ines Fonfara", "Michael Hauer", "Jennifer A. Doudna", "Emmanuelle Charpentier"], year: 2012),
            paper("[CITATION][C] A programmable dual RNA guided DNA endonuclease in adaptive bacterial immunity", ["M Jinek"], year: 2013),
            paper("[PDF] A programmable dual-RNA–guided DNA endonuclease in adaptive bacterial immunity", ["M Jinek", "K Chylinski"], year: 2012),
        ]) == [[0, 1, 2]])
    }

    @Test func test_partsOfASeriesAreNotDuplicates() {
        #expect(groups([
            paper("Geographical coordinate computations, part I: general considerations", ["WR Tobler"], year: 1964),
            paper("Geographical coordinate computations, part II: general considerations", ["WR Tobler"], year: 1964),
        ]).isEmpty)
        #expect(groups([
            paper("Advanced hybrid neural network friction model for powertrain dynamics, Part 1", ["M Cao"], year: 2004),
            paper("Advanced hybrid neural network friction model for powertrain dynamics, Part 2", ["M Cao"], year: 2004),
        ]).isEmpty)
    }

    @Test func test_oneStudyInTwoSpeciesIsNotADuplicate() {
        #expect(groups([
            paper("Cas9-mediated gene disruption restores dystrophin expression in mice"),
            paper("Cas9-mediated gene disruption restores dystrophin expression in rats"),
        ]).isEmpty)
        // A misspelt word is still a variant.
        #expect(groups([
            paper("Cas9-mediated gene disruption restores dystrophin expression in mice"),
            paper("Cas9-mediated gene disruption restores dystrophin expresion in mice"),
        ]) == [[0, 1]])
    }

    @Test func test_linksAreJoinedTransitively() throws {
        // 0–1 differ by a typo and 1–2 by a suffix; 0–2 alone are below the threshold.
        let titles = ["Smooth pycnophylactic interpolation for geographical regions",
                      "Smooth pycnophylactic interpolation for geographic regions",
                      "Smooth pycnophylactic interpolation for geographic regions (1979)"]
        #expect(TitleSimilarity.ratio(MatchText.normalizedTitle(titles[0]), MatchText.normalizedTitle(titles[2])) < 0.9)
        let suggestions = DuplicateFinder().suggestions(in: [paper("Unrelated"), paper(titles[0]), paper("Also unrelated"), paper(titles[1]), paper(titles[2])])
        let suggestion = try #require(suggestions.first)
        #expect(suggestions.count == 1)
        #expect(suggestion.members == [1, 3, 4])
        #expect(suggestion.reason == .similarTitle)
        #expect(suggestion.similarity < 1)
    }

    @Test func test_theSameDOIIsADuplicateWhateverTheTitle() {
        let suggestions = DuplicateFinder().suggestions(in: [
            paper("CRISPR–Cas9 structures and mechanisms", ["F Jiang"], year: 2017, doi: "10.1146/annurev-biophys-062215-010822"),
            paper("Annual review of biophysics 46", ["Someone Else"], year: 2010, doi: "https://doi.org/10.1146/ANNUREV-BIOPHYS-062215-010822"),
            paper("CRISPR–Cas9 structures and mechanisms", ["F Jiang"], year: 2017, doi: "10.1000/other"),
        ])
        #expect(suggestions == [DuplicateSuggestion(members: [0, 1, 2], reason: .sameTitle, similarity: 1)])
        #expect(DuplicateFinder().suggestions(in: [
            paper("A", doi: "10.1/x"), paper("B", doi: "doi:10.1/X"),
        ]) == [DuplicateSuggestion(members: [0, 1], reason: .sameDOI, similarity: 1)])
    }

    @Test func test_eachGroupIsReportedOnceInOrderOfItsFirstMember() {
        let suggestions = DuplicateFinder().suggestions(in: [
            paper("Second work on cartography"), paper("First work on geography"), paper("first work on geography"),
            paper("Second work on cartography."), paper("FIRST WORK ON GEOGRAPHY"), paper("Second work on cartogrpahy"),
        ])
        #expect(suggestions.map(\.members) == [[0, 3, 5], [1, 2, 4]])
        #expect(suggestions.map(\.reason) == [.similarTitle, .sameTitle])
    }

    @Test func test_excludedPublicationsTakePart() {
        #expect(groups([paper("Cellular geography", excluded: true), paper("Cellular Geography")]) == [[0, 1]])
    }

    @Test func test_untitledRecordsPairOnlyByDOI() {
        #expect(groups([paper(""), paper(""), paper("...")]).isEmpty)
        #expect(groups([paper("", doi: "10.1/x"), paper("", doi: "10.1/X")]) == [[0, 1]])
    }

    @Test func test_suggestionsRoundTripThroughJSON() throws {
        let suggestion = DuplicateSuggestion(members: [3, 7], reason: .similarTitle, similarity: 0.94)
        let data = try JSONEncoder().encode(suggestion)
        #expect(String(decoding: data, as: UTF8.self).contains(#""reason":"similarTitle""#))
        #expect(try JSONDecoder().decode(DuplicateSuggestion.self, from: data) == suggestion)
    }
}
