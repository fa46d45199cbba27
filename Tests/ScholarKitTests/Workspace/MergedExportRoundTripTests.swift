import Foundation
import Testing
@testable import ScholarKit

/// Issue 38: an export with every paper (`--all`) keeps the merges, so that importing it
/// restores them as merges, not as plain records: the same numbers, members and citations,
/// and a merge that can be dissolved into the records it stood for. The expected merges are
/// the curated search's own, built by the workspace's `merge` before any export.
@Suite(Fixtures.required) struct MergedExportRoundTripTests {
    /// The curated Tobler search of `CuratedExportRoundTripTests`, with a second merge nested in
    /// a third: merge #1 (the 6th and 7th most cited) merged with the 9th.
    static func curatedWithNestedMerge(in workspace: ScholarWorkspace) throws -> Int64 {
        let (id, _, _) = try CuratedExportRoundTripTests.curated(in: workspace)
        let included = try workspace.open(id, options: testOptions).publications.filter { $0.status != .excluded }
        let firstMerge = try #require(included.first { $0.mergeNumber == 1 })
        let single = included.filter { !$0.isMerge }[9]
        _ = try workspace.merge([firstMerge.id, single.id], in: id)
        return id
    }

    /// Each merge's number, citations and member titles (sorted), nested merges by their number.
    static func merges(of id: Int64, in workspace: ScholarWorkspace) throws -> [Int: (citations: Int, members: [String])] {
        var found: [Int: (Int, [String])] = [:]
        var pending = try workspace.open(id, options: testOptions).publications.filter(\.isMerge).map { ($0.id, $0.mergeNumber!, $0.publication.citations) }
        let search = try workspace.open(id, options: testOptions)
        while let (mergeID, number, citations) = pending.popLast() {
            let members = search.mergeMembers[mergeID] ?? []
            found[number] = (citations, members.map { $0.mergeNumber.map { "merge #\($0)" } ?? $0.publication.title }.sorted())
            for member in members where member.mergeNumber != nil {
                pending.append((member.id, member.mergeNumber!, member.publication.citations))
            }
        }
        return found
    }

    @Test(arguments: [PublicationFormat.csv, .bibtex, .ris, .json])
    func mergesComeBackAsMergesThatCanBeDissolved(format: PublicationFormat) throws {
        let workspace = try makeWorkspace()
        let id = try Self.curatedWithNestedMerge(in: workspace)
        let curated = try workspace.open(id, options: testOptions)
        let expected = try Self.merges(of: id, in: workspace)
        #expect(expected.count == 2 && expected[2]?.members.contains("merge #1") == true)

        let all = try curated.exported(as: format, includingExcluded: true, options: testOptions)
        let read = try PublicationImporter.read(contents: Array(all.utf8), file: "all.\(format.fileExtension)").publications
        let restoredID = try workspace.store(FetchedSearch(publications: read), parameters: SearchParameters(source: .file, fileName: "all")).searchID
        let restored = try workspace.open(restoredID, options: testOptions)

        CuratedExportRoundTripTests.expectSame(restored.report.metrics, curated.report.metrics)
        #expect(restored.publications.count == curated.publications.count)
        let found = try Self.merges(of: restoredID, in: workspace)
        #expect(found.keys.sorted() == expected.keys.sorted())
        for (number, merge) in expected {
            #expect(found[number]?.citations == merge.citations, "merge #\(number)")
            #expect(found[number]?.members == merge.members, "merge #\(number)")
        }
        // No stored record keeps a mark: a later export writes the search's own.
        #expect(!restored.publications.contains { $0.publication.details?.mergeMark != nil })

        // Dissolving the outer merge gives back merge #1 and the paper it was merged with.
        let outer = try #require(restored.publications.first { $0.mergeNumber == 2 })
        try workspace.dissolve(outer.id, in: restoredID)
        let dissolved = try workspace.open(restoredID, options: testOptions)
        #expect(dissolved.publications.count == curated.publications.count + 1)
        #expect(dissolved.publications.contains { $0.mergeNumber == 1 })
        // A merge made after the import takes the next number.
        let singles = dissolved.publications.filter { !$0.isMerge && $0.status != .excluded }
        let next = try workspace.merge([singles[0].id, singles[1].id], in: restoredID)
        #expect(try workspace.open(restoredID, options: testOptions).publication(next)?.mergeNumber == 3)

        // `scholar metrics` on the file counts each merge once, through its merged record.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-merges-\(UUID().uuidString).\(format.fileExtension)")
        try Data(all.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var accumulator = MetricsAccumulator(options: testOptions)
        _ = try PublicationMetricsReader.read(contentsOf: url, into: &accumulator)
        CuratedExportRoundTripTests.expectSame(accumulator.metrics, curated.report.metrics)
    }

    @Test func theDefaultExportWritesEachMergeAsOneUnmarkedRecord() throws {
        let workspace = try makeWorkspace()
        let id = try Self.curatedWithNestedMerge(in: workspace)
        let curated = try workspace.open(id, options: testOptions).curatedPublications()
        #expect(!curated.contains { $0.details?.mergeMark != nil })
        #expect(curated.count == (try workspace.open(id, options: testOptions)).report.metrics.papers)
    }

    /// A file whose merged record was deleted by hand: its members are kept, excluded with why,
    /// so nothing is lost and nothing counts twice.
    @Test func membersWithoutTheirMergedRecordAreKeptExcluded() throws {
        let text = """
            @article{a, title = {The first version}, author = {W Tobler}, year = {1970}, citations = {30}, bottega-merged-into = {4}}
            @article{b, title = {The second version}, author = {W Tobler}, year = {1970}, citations = {5}, bottega-merged-into = {4}}
            @article{c, title = {Another paper}, author = {W Tobler}, year = {1979}, citations = {12}}
            """
        let read = try PublicationImporter.read(contents: Array(text.utf8), file: "hand.bib").publications
        let workspace = try makeWorkspace()
        let id = try workspace.store(FetchedSearch(publications: read), parameters: SearchParameters(source: .file, fileName: "hand")).searchID
        let stored = try workspace.open(id, options: testOptions)
        #expect(stored.publications.count == 3)
        #expect(stored.item("The first version")?.exclusionReason == ImportedMerges.orphanedMemberReason)
        #expect(stored.item("The second version")?.exclusionReason == ImportedMerges.orphanedMemberReason)
        #expect(stored.report.metrics.citations == 12)
    }
}
