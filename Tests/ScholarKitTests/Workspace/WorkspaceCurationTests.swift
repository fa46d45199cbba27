import Foundation
import Testing
@testable import ScholarKit

@Suite struct WorkspaceCurationTests {
    /// A search of six papers cited 10, 8, 5, 4, 3 and 3 times: h = 4.
    private func curatedSearch() throws -> (ScholarWorkspace, Int64, StoredSearch) {
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetchedPapers([10, 8, 5, 4, 3, 3]), parameters: scholarParameters(author: "A")).searchID
        return (workspace, id, try workspace.open(id, options: testOptions))
    }

    @Test func test_tickingOutRecomputesMetricsAndStatusesAtOnce() throws {
        let (workspace, id, before) = try curatedSearch()
        // 10, 8, 5, 4 are each cited at least 4 times: h = 4.
        #expect(before.report.metrics.h == 4)
        #expect(before.item("Paper 5")?.status == .outside)
        try workspace.setExcluded([try #require(before.id(of: "Paper 1"))], excluded: true, in: id)
        let after = try workspace.open(id, options: testOptions)
        // Left: 8, 5, 4, 3, 3 → h = 3, and the 3s are below the third paper's 4: outside, not limbo.
        #expect(after.report.metrics.h == 3)
        #expect(after.report.metrics.citations == 23)
        #expect(after.item("Paper 1")?.status == .excluded)
        #expect(after.item("Paper 1")?.exclusionReason == "user")
        #expect(after.item("Paper 5")?.status == .outside)
        #expect(after.publications.last?.publication.title == "Paper 1")
        try workspace.setExcluded([try #require(before.id(of: "Paper 1"))], excluded: false, in: id)
        #expect(try workspace.open(id, options: testOptions).report.metrics.h == 4)
    }

    @Test func test_papersTiedAtTheThresholdBelowTheCoreAreInLimbo() throws {
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetchedPapers([5, 3, 3, 3, 1]), parameters: scholarParameters(author: "A")).searchID
        let stored = try workspace.open(id, options: testOptions)
        // h = 3: the third paper has 3 citations; the fourth also has 3 but cannot count.
        #expect(stored.report.metrics.h == 3)
        #expect(stored.item("Paper 4")?.status == .limbo)
        #expect(stored.item("Paper 5")?.status == .outside)
    }

    @Test func test_aMergeSumsCitationsUnderTheMostCitedMaster() throws {
        let (workspace, id, before) = try curatedSearch()
        let merged = try workspace.merge([try #require(before.id(of: "Paper 4")), try #require(before.id(of: "Paper 2"))], in: id)
        let after = try workspace.open(id, options: testOptions)
        let record = try #require(after.publication(merged))
        #expect(record.publication.title == "Paper 2")
        #expect(record.publication.citations == 12)
        #expect(record.mergeNumber == 1)
        #expect(Set(record.memberIDs) == Set([try #require(before.id(of: "Paper 4")), try #require(before.id(of: "Paper 2"))]))
        #expect(after.publications.count == 5)
        #expect(after.report.metrics.citations == before.report.metrics.citations)
        #expect(try workspace.members(of: merged, in: id).map(\.citations).sorted() == [4, 8])
    }

    @Test func test_dissolvingRestoresTheOriginalsExactly() throws {
        let (workspace, id, before) = try curatedSearch()
        let ids = try ["Paper 2", "Paper 5", "Paper 6"].map { try #require(before.id(of: $0)) }
        try workspace.setExcluded([ids[1]], excluded: true, in: id)
        let excludedBefore = try workspace.open(id, options: testOptions)
        let merged = try workspace.merge(ids, in: id)
        try workspace.dissolve(merged, in: id)
        let after = try workspace.open(id, options: testOptions)
        #expect(after.publications.map(\.id) == excludedBefore.publications.map(\.id))
        #expect(after.publications.map(\.publication) == excludedBefore.publications.map(\.publication))
        #expect(after.item("Paper 5")?.status == .excluded)
        #expect(after.publication(merged) == nil)
    }

    @Test func test_dissolvingOneMemberKeepsTheRestMergedAndRecomputes() throws {
        let (workspace, id, before) = try curatedSearch()
        let ids = try ["Paper 1", "Paper 3", "Paper 5"].map { try #require(before.id(of: $0)) }
        let merged = try workspace.merge(ids, in: id)
        try workspace.dissolve(merged, member: ids[0], in: id)
        let after = try workspace.open(id, options: testOptions)
        let record = try #require(after.publication(merged))
        #expect(record.publication.title == "Paper 3")
        #expect(record.publication.citations == 8)
        #expect(after.item("Paper 1")?.publication.citations == 10)
        // Taking out one of the last two dissolves the merge.
        try workspace.dissolve(merged, member: ids[1], in: id)
        #expect(try workspace.open(id, options: testOptions).publication(merged) == nil)
    }

    @Test func test_mergesNestAndDissolveLevelByLevel() throws {
        let (workspace, id, before) = try curatedSearch()
        let inner = try workspace.merge([try #require(before.id(of: "Paper 5")), try #require(before.id(of: "Paper 6"))], in: id)
        let outer = try workspace.merge([inner, try #require(before.id(of: "Paper 4"))], in: id)
        let nested = try workspace.open(id, options: testOptions)
        #expect(nested.publication(outer)?.publication.citations == 10)
        #expect(nested.publication(outer)?.mergeNumber == 2)
        #expect(nested.publications.count == 4)
        try workspace.dissolve(outer, in: id)
        let back = try workspace.open(id, options: testOptions)
        #expect(back.publication(inner)?.publication.citations == 6)
        #expect(back.item("Paper 4")?.publication.citations == 4)
        // Merge numbers are never reused.
        let again = try workspace.merge([inner, try #require(before.id(of: "Paper 4"))], in: id)
        #expect(try workspace.open(id, options: testOptions).publication(again)?.mergeNumber == 3)
    }

    @Test func test_badCurationIsRefusedWithoutPartialWrites() throws {
        let (workspace, id, before) = try curatedSearch()
        let first = try #require(before.id(of: "Paper 1"))
        #expect(throws: ScholarWorkspaceError.unknownPublication(999, search: id)) {
            try workspace.setExcluded([first, 999], excluded: true, in: id)
        }
        #expect(try workspace.open(id, options: testOptions).item("Paper 1")?.status != .excluded)
        #expect(throws: ScholarWorkspaceError.repeatedPublication(first)) { try workspace.merge([first, first], in: id) }
        #expect(throws: ScholarWorkspaceError.mergeNeedsTwo(search: id)) { try workspace.merge([first], in: id) }
        #expect(throws: ScholarWorkspaceError.notMerged(first)) { try workspace.dissolve(first, in: id) }
        #expect(throws: ScholarWorkspaceError.unknownSearch(77)) { try workspace.merge([first, 2], in: 77) }
        let second = try #require(before.id(of: "Paper 2"))
        let merged = try workspace.merge([first, second], in: id)
        #expect(throws: ScholarWorkspaceError.insideMerge(first, merge: merged)) { try workspace.setExcluded([first], excluded: true, in: id) }
        #expect(throws: ScholarWorkspaceError.notAMember(3, merge: merged)) { try workspace.dissolve(merged, member: 3, in: id) }
        // A publication of another search is unknown here.
        let other = try workspace.store(fetchedPapers([1, 1]), parameters: scholarParameters(author: "B")).searchID
        let foreign = try #require(try workspace.open(other, options: testOptions).publications.first?.id)
        #expect(throws: ScholarWorkspaceError.unknownPublication(foreign, search: id)) { try workspace.merge([merged, foreign], in: id) }
        #expect(try workspace.open(id, options: testOptions).publications.count == 5)
    }
}

/// Issue 21: a result the homonym filter rejects is stored excluded (reason `name`), out of the
/// metrics, and `include` brings it back.
@Suite struct NameFilterExclusionTests {
    @Test func aRejectedResultIsStoredExcludedAndCanBeIncluded() throws {
        let workspace = try makeWorkspace()
        var fetched = fetchedPapers([50, 40, 30])
        fetched.exclusions = [1: "name"]
        fetched.nameFilter = AuthorNameFilter.Outcome(kept: 2, dropped: 1)
        let id = try workspace.store(fetched, parameters: scholarParameters(author: "Waldo Tobler")).searchID
        let stored = try workspace.open(id, options: testOptions)
        #expect(stored.publications.count == 3)
        let rejected = try #require(stored.item("Paper 2"))
        #expect(rejected.status == .excluded && rejected.exclusionReason == "name")
        #expect(stored.report.metrics.papers == 2)
        try workspace.setExcluded([rejected.id], excluded: false, in: id)
        let included = try workspace.open(id, options: testOptions)
        #expect(included.item("Paper 2")?.status != .excluded && included.report.metrics.papers == 3)
    }
}
