import Foundation
import GRDB
import Testing
@testable import ScholarKit

/// Opened searches are kept by their version (issue 44); an edit, by this workspace, by another
/// process or straight in SQL, raises the version, so no stale number is ever served.
@Suite struct SearchViewCacheTests {
    @Test func anEditIsSeenAtOnceAndAnUneditedSearchIsKept() throws {
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetchedPapers([10, 8, 5, 1]), parameters: scholarParameters(author: "A Author")).searchID
        let first = try workspace.open(id, options: testOptions)
        #expect(first.report.metrics.h == 3)
        _ = try workspace.open(id, options: testOptions)
        #expect(workspace.views.count == 1)
        // Ticking the 10-cited paper out: h 3 → 2 (8, 5, 1), citations 24 → 14.
        try workspace.setExcluded([try #require(first.id(of: "Paper 1"))], excluded: true, in: id)
        let edited = try workspace.open(id, options: testOptions)
        #expect(edited.report.metrics.h == 2)
        #expect(edited.report.metrics.citations == 14)
        // Other options are another view of the same search.
        #expect(try workspace.open(id, options: MetricsOptions(referenceYear: 2024, excludeZeroCited: true)).report.metrics.citations == 14)
        #expect(workspace.views.count == 2)
    }

    /// Two processes on one database file: the second's edit reaches the first's next open.
    @Test func anotherProcesssEditIsSeen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bottega.sqlite").path
        let one = try ScholarWorkspace(database: DatabasePool(path: path))
        let other = try ScholarWorkspace(database: DatabasePool(path: path))
        let id = try one.store(fetchedPapers([10, 8, 5, 1]), parameters: scholarParameters(author: "A Author")).searchID
        let before = try one.open(id, options: testOptions)
        #expect(before.report.metrics.citations == 24)
        let stored = try other.open(id, options: testOptions)
        try other.merge([try #require(stored.id(of: "Paper 3")), try #require(stored.id(of: "Paper 4"))], in: id)
        let after = try one.open(id, options: testOptions)
        #expect(after.publications.count == 3)
        // SQL that bypasses the workspace raises the version too.
        try one.database.write { db in try db.execute(sql: "UPDATE scholar_publication SET citations = citations + 100 WHERE searchId = ? AND title = 'Paper 2'", arguments: [id]) }
        #expect(try one.open(id, options: testOptions).report.metrics.citations == 124)
    }

    @Test func anotherOwnerNeverGetsTheKeptView() throws {
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetchedPapers([3, 2]), parameters: scholarParameters(author: "A Author")).searchID
        _ = try workspace.open(id, options: testOptions)
        #expect(throws: ScholarWorkspaceError.unknownSearch(id)) { try workspace.owned(by: 2).open(id, options: testOptions) }
    }

    @Test func theLeastUsedGoesWhenFull() throws {
        let workspace = try makeWorkspace()
        let id = try workspace.store(fetchedPapers([3, 2]), parameters: scholarParameters(author: "A Author")).searchID
        let search = try workspace.open(id, options: testOptions)
        let version = try #require(search.version)
        let cache = SearchViewCache(capacity: 2)
        cache.keep(search, id: 1, options: testOptions, cacheAge: 1)
        cache.keep(search, id: 2, options: testOptions, cacheAge: 1)
        _ = cache.search(1, version: version, options: testOptions, cacheAge: 1)
        cache.keep(search, id: 3, options: testOptions, cacheAge: 1)
        #expect(cache.search(1, version: version, options: testOptions, cacheAge: 1) != nil)
        #expect(cache.search(2, version: version, options: testOptions, cacheAge: 1) == nil)
        #expect(cache.search(3, version: version + 1, options: testOptions, cacheAge: 1) == nil)
    }
}
