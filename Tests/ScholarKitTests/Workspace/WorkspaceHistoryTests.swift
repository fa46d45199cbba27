import Foundation
import GRDB
@testable import ScholarKit
import Storage
import Testing

@Suite struct WorkspaceHistoryTests {
    @Test func test_aStoredSearchKeepsItsParametersAndPublications() throws {
        let workspace = try makeWorkspace()
        var parameters = scholarParameters(author: "Waldo Tobler")
        parameters.query.fromYear = 1970
        let outcome = try workspace.store(fetchedPapers([10, 8, 5]), parameters: parameters)
        let stored = try workspace.open(outcome.searchID, options: testOptions)
        #expect(stored.summary.parameters == parameters)
        #expect(stored.summary.label == "Waldo Tobler")
        #expect(stored.summary.isSaved == false)
        #expect(stored.publications.map(\.publication.citations) == [10, 8, 5])
        #expect(stored.report.metrics.citations == 23)
    }

    @Test func test_aCachedSearchIsDeletedAfterTheCacheAgeAndASavedOneStays() throws {
        let clock = TestClock()
        let workspace = try makeWorkspace(clock: clock)
        let cached = try workspace.store(fetchedPapers([1]), parameters: scholarParameters(author: "A")).searchID
        let saved = try workspace.store(fetchedPapers([2]), parameters: scholarParameters(author: "B")).searchID
        try workspace.save(saved)
        clock.advance(hours: 11.9)
        #expect(try workspace.history().map(\.id).sorted() == [cached, saved])
        clock.advance(hours: 0.2)
        #expect(try workspace.history().map(\.id) == [saved])
        #expect(try workspace.deleteExpired() == 1)
        #expect(throws: ScholarWorkspaceError.unknownSearch(cached)) { try workspace.open(cached, options: testOptions) }
        let orphans = try workspace.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scholar_publication WHERE searchId = ?", arguments: [cached]) }
        #expect(orphans == 0)
    }

    @Test func test_aFreshSearchWithTheSameParametersAnswersARepeat() throws {
        let clock = TestClock()
        let workspace = try makeWorkspace(clock: clock)
        let id = try workspace.store(fetchedPapers([3]), parameters: scholarParameters(author: "Waldo Tobler")).searchID
        // Case and spacing do not make another search.
        #expect(try workspace.freshSearch(matching: scholarParameters(author: "  waldo   TOBLER "))?.id == id)
        #expect(try workspace.freshSearch(matching: scholarParameters(author: "Waldo Tobler Jr")) == nil)
        var otherYears = scholarParameters(author: "Waldo Tobler")
        otherYears.query.toYear = 2000
        #expect(try workspace.freshSearch(matching: otherYears) == nil)
        clock.advance(hours: 13)
        #expect(try workspace.freshSearch(matching: scholarParameters(author: "Waldo Tobler")) == nil)
    }

    @Test func test_anImportedFileIsSavedAndNeverAFreshAnswer() throws {
        let workspace = try makeWorkspace()
        let parameters = SearchParameters(source: .file, fileName: "tobler.csv")
        let id = try workspace.store(fetchedPapers([4, 4]), parameters: parameters).searchID
        #expect(try workspace.open(id, options: testOptions).summary.isSaved)
        #expect(try workspace.freshSearch(matching: parameters) == nil)
    }

    @Test func test_deletingASearchRemovesItAndUnknownIdsAreNamed() throws {
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetchedPapers([1, 2]), parameters: scholarParameters(author: "A")).searchID
        try workspace.delete(id)
        #expect(try workspace.history().isEmpty)
        #expect(throws: ScholarWorkspaceError.unknownSearch(id)) { try workspace.delete(id) }
        #expect(throws: ScholarWorkspaceError.unknownSearch(99)) { try workspace.save(99) }
        #expect(ScholarWorkspaceError.unknownSearch(99).localizedDescription.contains("history"))
    }

    @Test func test_aDatabaseFileSurvivesReopening() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bottega.sqlite").path
        var searchID: Int64 = 0, mergeID: Int64 = 0
        do {
            let workspace = try ScholarWorkspace(database: try SQLiteFile.open(path: path))
            searchID = try workspace.store(fetchedPapers([9, 7, 1]), parameters: scholarParameters(author: "A")).searchID
            let stored = try workspace.open(searchID, options: testOptions)
            mergeID = try workspace.merge([try #require(stored.id(of: "Paper 2")), try #require(stored.id(of: "Paper 3"))], in: searchID)
            try workspace.setExcluded([try #require(stored.id(of: "Paper 1"))], excluded: true, in: searchID)
            try workspace.save(searchID)
        }
        let reopened = try ScholarWorkspace(database: try SQLiteFile.open(path: path))
        let stored = try reopened.open(searchID, options: testOptions)
        #expect(stored.summary.isSaved)
        #expect(stored.item("Paper 1")?.status == .excluded)
        #expect(stored.publication(mergeID)?.publication.citations == 8)
    }
}

/// Issue 21: two searches for one researcher with different parameters are told apart.
@Suite struct SearchQualifierTests {
    @Test func differentParametersShowDifferentQualifiers() {
        let plain = SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "Waldo Tobler"))
        let years = SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "Waldo Tobler", fromYear: 1990, toYear: 2000))
        let unfiltered = SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "Waldo Tobler"), filterByAuthorName: false)
        let openAlex = SearchParameters(source: .openalex, query: GoogleScholarQuery(author: "Waldo Tobler"))
        let all = [plain, years, unfiltered, openAlex].map { "\($0.label) (\($0.qualifiers))" }
        #expect(Set(all).count == 4)
        #expect(years.qualifiers == "Google Scholar · 1990–2000 · name filter on")
        #expect(unfiltered.qualifiers == "Google Scholar · name filter off")
        #expect(openAlex.qualifiers == "OpenAlex")
    }
}
