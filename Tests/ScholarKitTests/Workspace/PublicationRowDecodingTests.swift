import Foundation
import GRDB
import Testing
@testable import ScholarKit

/// Issue 44: a stored publication is read column by column, for speed. GRDB's own `Decodable`
/// reading of the same rows is the oracle: every row of every real export, stored and then
/// curated (ticked out, merged, given citations per year, marked on the homepage), reads the same.
@Suite(Fixtures.required) struct PublicationRowDecodingTests {
    static let exports = [
        "pop-gscholar-waldo-tobler-PoPCites.csv", "pop-gscholar-json-microsourcing.json", "pop-gscholar-mvvm-2024-01-20.csv",
        "scopus-waldo-tobler.ris", "wos-propithecus-coquereli-savedrecs.bib", "zotero-waldo-tobler.csv",
    ]

    @Test(arguments: exports) func everyStoredColumnReadsAsGRDBsDecodableReadsIt(file: String) throws {
        let database = try DatabaseQueue()
        let workspace = try ScholarWorkspace(database: database)
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports(file)).publications
        let id = try workspace.store(FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: file)).searchID
        let listed = try workspace.open(id, options: testOptions).publications.map(\.id)
        try #require(listed.count >= 4, "\(file) has too few papers to curate")
        try workspace.setExcluded([listed[0]], excluded: true, in: id)
        let merged = try workspace.merge([listed[1], listed[2]], in: id)
        try workspace.setCitationsPerYear([2019: 3, 2020: 11], of: listed[3], in: id)
        try database.write { db in
            try db.execute(sql: "UPDATE scholar_publication SET onHomepage = (id % 2 = 0) WHERE id <= ?", arguments: [listed[3]])
        }

        let rows = try database.read { try Row.fetchAll($0, sql: "SELECT * FROM scholar_publication") }
        #expect(rows.count == publications.count + 1, "every paper and the merged record")
        var seen = (details: 0, merged: 0, perYear: 0, homepage: 0)
        for row in rows {
            let byHand = try PublicationRow(row: row)
            #expect(byHand == (try FetchableRecordDecoder().decode(PublicationRow.self, from: row)), "\(file), row \(row["id"] ?? 0)")
            if byHand.details != nil { seen.details += 1 }
            if byHand.mergedInto == merged { seen.merged += 1 }
            if byHand.citationsPerYear != nil { seen.perYear += 1 }
            if byHand.onHomepage != nil { seen.homepage += 1 }
        }
        #expect(seen.merged == 2 && seen.perYear >= 1 && seen.homepage >= 1, "\(seen)")
        #expect(seen.details > 0, "\(file): the export's details were stored")
    }

    /// A value of the wrong kind is an error, as it is to `Decodable`, not a zero or a crash.
    @Test func aMistypedValueThrowsAsTheDecodableReadingDoes() throws {
        let database = try DatabaseQueue()
        let workspace = try ScholarWorkspace(database: database)
        let id = try workspace.store(fetchedPapers([5, 3]), parameters: scholarParameters(author: "A Author")).searchID
        try database.write { db in
            try db.execute(sql: "UPDATE scholar_publication SET citations = 'many' WHERE searchId = ? AND position = 0", arguments: [id])
            try db.execute(sql: "UPDATE scholar_publication SET details = '{\"keywords\": 7}' WHERE searchId = ? AND position = 1", arguments: [id])
        }
        let rows = try database.read { try Row.fetchAll($0, sql: "SELECT * FROM scholar_publication ORDER BY position") }
        #expect(rows.count == 2)
        for row in rows {
            #expect(throws: (any Error).self) { try FetchableRecordDecoder().decode(PublicationRow.self, from: row) }
            #expect(throws: (any Error).self) { try PublicationRow(row: row) }
        }
    }
}
