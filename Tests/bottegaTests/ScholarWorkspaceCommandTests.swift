import Foundation
import Testing

/// The workspace commands, run as a user would, one process per step, on a real SQLite file.
@Suite(Fixtures.required) struct ScholarWorkspaceCommandTests {
    let session: WorkspaceSession

    init() throws {
        session = try WorkspaceSession()
    }

    func bottega(_ arguments: String...) throws -> CommandLineRun {
        try CommandLineRun.bottega(arguments: arguments, environment: session.environment)
    }

    func json(_ run: CommandLineRun) throws -> [String: Any] { try session.json(run) }

    /// Imports the 38-paper MVVM export (Publish or Perish), whose first rows are cited 6, 5 and 5 times.
    func importMVVM() throws -> Int {
        try session.importFile(Fixtures.export("pop-gscholar-mvvm-2024-01-20.csv"))
    }

    func publications(_ search: Int) throws -> [[String: Any]] {
        try #require(try json(try bottega("scholar", "show", String(search), "--format", "json", "--year", "2024"))["publications"] as? [[String: Any]])
    }

    func id(_ row: [String: Any]) -> String { String(row["id"] as? Int ?? -1) }
    func citations(_ row: [String: Any]) -> Int? { (row["publication"] as? [String: Any])?["citations"] as? Int }

    @Test func test_anImportedFileIsASavedSearchThatShowLists() throws {
        let search = try importMVVM()
        let history = try #require(try JSONSerialization.jsonObject(with: Data(try bottega("scholar", "history", "--format", "json").standardOutput.utf8)) as? [[String: Any]])
        #expect(history.count == 1)
        #expect(history.first?["savedAt"] != nil)
        #expect(history.first?["publicationCount"] as? Int == 38)
        let rows = try publications(search)
        #expect(rows.count == 38)
        #expect(rows.prefix(3).compactMap(citations) == [6, 5, 5])
        #expect(rows.first?["status"] as? String == "hCore")
    }

    @Test func test_excludeMergeDissolveAndIncludeChangeTheMetricsAndSurviveEachProcess() throws {
        let search = String(try importMVVM())
        let rows = try publications(Int(search) ?? 0)
        let original = try json(try bottega("scholar", "show", search, "--format", "json", "--year", "2024"))
        let originalMetrics = try #require(original["metrics"] as? [String: Any])

        let excluded = try json(try bottega("scholar", "exclude", search, id(rows[0]), "--format", "json", "--year", "2024"))
        let afterExclusion = try #require(excluded["metrics"] as? [String: Any])
        #expect(afterExclusion["citations"] as? Int == (originalMetrics["citations"] as? Int ?? 0) - 6)

        let merged = try json(try bottega("scholar", "merge", search, id(rows[1]), id(rows[2]), "--format", "json", "--year", "2024"))
        let mergedRows = try #require(merged["publications"] as? [[String: Any]])
        let mergeRow = try #require(mergedRows.first { $0["mergeNumber"] as? Int == 1 })
        #expect(citations(mergeRow) == 10)
        #expect(mergedRows.count == 37)

        let dissolved = try bottega("scholar", "dissolve", search, id(mergeRow))
        #expect(dissolved.status == 0 && dissolved.standardOutput.contains("dissolved"))
        #expect(try bottega("scholar", "include", search, id(rows[0])).status == 0)
        let restored = try json(try bottega("scholar", "show", search, "--format", "json", "--year", "2024"))
        #expect((restored["metrics"] as? [String: Any])?["citations"] as? Int == originalMetrics["citations"] as? Int)
        #expect((restored["publications"] as? [[String: Any]])?.count == 38)
    }

    @Test func test_badIdsAndImpossibleEditsFailWithAClearMessage() throws {
        let search = String(try importMVVM())
        let rows = try publications(Int(search) ?? 0)
        let unknownSearch = try bottega("scholar", "show", "999")
        #expect(unknownSearch.status == 1 && unknownSearch.standardError.contains("no search #999"))
        let unknownPublication = try bottega("scholar", "exclude", search, "123456")
        #expect(unknownPublication.status == 1 && unknownPublication.standardError.contains("no publication #123456"))
        let intoItself = try bottega("scholar", "merge", search, id(rows[0]), id(rows[0]))
        #expect(intoItself.status == 1 && intoItself.standardError.contains("cannot be merged into itself"))
        let notMerged = try bottega("scholar", "dissolve", search, id(rows[0]))
        #expect(notMerged.status == 1 && notMerged.standardError.contains("not a merge"))
        let notAnID = try bottega("scholar", "save", "abc")
        #expect(notAnID.status != 0)
        // Nothing was written by the failures.
        #expect(try publications(Int(search) ?? 0).map(id) == rows.map(id))
    }

    @Test func test_compareAndExportAStoredSearch() throws {
        let first = String(try importMVVM())
        let second = String(try importMVVM())
        let rows = try publications(Int(second) ?? 0)
        #expect(try bottega("scholar", "exclude", second, id(rows[0])).status == 0)
        let comparison = try json(try bottega("scholar", "compare", first, second, "--format", "json"))
        let compared = try #require(comparison["publications"] as? [[String: Any]])
        #expect(compared.count == 38)
        #expect(compared.filter { $0["differenceText"] as? String == "±0" }.count == 37)
        // Issue 38: the second search holds the paper, excluded; it is not missing.
        #expect(compared.filter { $0["differenceText"] as? String == "excluded in second" }.count == 1)
        #expect(compared.filter { $0["differenceText"] as? String == "only first" }.isEmpty)

        let exported = try bottega("scholar", "export", first, "--format", "bib", "--limit", "3")
        #expect(exported.status == 0)
        #expect(exported.standardOutput.components(separatedBy: "\n@").count == 3)
        #expect(exported.standardOutput.contains("title = {A multi-view latent variable model"))

        // Issue 21: a cut report keeps the whole search's metrics and names the search.
        let whole = try bottega("scholar", "export", first, "--format", "html")
        let cut = try bottega("scholar", "export", first, "--format", "html", "--limit", "3")
        func h(_ html: String) -> String? {
            html.firstMatch(of: /id="metric-h"><td>[^<]*<\/td><td class="num">([0-9.]+)/).map { String($0.1) }
        }
        #expect(h(cut.standardOutput) != nil && h(cut.standardOutput) == h(whole.standardOutput))
        #expect(cut.standardOutput.contains("3 of 38 publications listed"))
        #expect(cut.standardOutput.contains("id=\"report-of\"") && cut.standardOutput.contains("file"))
    }

    @Test func test_deleteAndSave() throws {
        let search = String(try importMVVM())
        #expect(try bottega("scholar", "delete", search).status == 0)
        #expect(try bottega("scholar", "save", search).status == 1)
        #expect(try bottega("scholar", "history").standardOutput.contains("no stored searches"))
    }
}
