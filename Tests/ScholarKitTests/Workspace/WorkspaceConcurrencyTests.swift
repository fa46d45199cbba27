import Foundation
import GRDB
@testable import ScholarKit
import Storage
import Synchronization
import Testing

@Suite struct WorkspaceConcurrencyTests {
    @Test func test_readersSeeTheLastCommittedStateWhileALargeSearchIsWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = try ScholarWorkspace(database: try SQLiteFile.open(path: folder.appendingPathComponent("bottega.sqlite").path))
        let first = try workspace.store(fetchedPapers([3, 2, 1]), parameters: scholarParameters(author: "A")).searchID
        let large = fetchedPapers(Array(repeating: 1, count: 20_000))

        let writing = Atomic<Bool>(true)
        let writer = Task {
            defer { writing.store(false, ordering: .sequentiallyConsistent) }
            return try workspace.store(large, parameters: scholarParameters(author: "B")).searchID
        }
        var readsDuringWrite = 0
        var counts: Set<[Int]> = []
        while writing.load(ordering: .sequentiallyConsistent) {
            let history = try workspace.history()
            counts.insert(history.map(\.publicationCount).sorted())
            #expect(try workspace.open(first, options: testOptions).report.metrics.citations == 6)
            if writing.load(ordering: .sequentiallyConsistent) { readsDuringWrite += 1 }
            await Task.yield()
        }
        let second = try await writer.value
        // Never a half-written search: before the commit only the first, after it both, whole.
        #expect(counts.isSubset(of: [[3], [3, 20_000]]))
        #expect(readsDuringWrite > 0)
        #expect(try workspace.open(second, options: testOptions).publications.count == 20_000)
    }
}
