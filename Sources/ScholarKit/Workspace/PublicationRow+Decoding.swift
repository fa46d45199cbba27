import Foundation
import GRDB
import Storage

/// A stored publication read column by column rather than through `Decodable`. The first request
/// after an edit opens the whole search and decodes every row; GRDB's keyed decoding container
/// (a name lookup, a coding key and a box per column, and a JSON decoder made per JSON column)
/// was half of that request (perf, the 829-paper Tobler search: 64 % of 19 ms in the decoding).
/// Missing or mistyped values throw as the `Decodable` path does.
extension PublicationRow {
    /// GRDB's own settings for JSON columns, made once rather than once per column per row.
    private static let jsonColumns = databaseJSONDecoder(for: "")

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        searchId = try row.decode(forColumn: "searchId")
        position = try row.decode(forColumn: "position")
        title = try row.decode(forColumn: "title")
        authors = try row.decodeJSON([String].self, forColumn: "authors", using: Self.jsonColumns) ?? {
            throw DecodingError.valueNotFound([String].self, .init(codingPath: [], debugDescription: "scholar_publication.authors is NULL"))
        }()
        authorsTruncated = try row.decode(forColumn: "authorsTruncated")
        year = try row.decode(forColumn: "year")
        citations = try row.decode(forColumn: "citations")
        venue = try row.decode(forColumn: "venue")
        publisher = try row.decode(forColumn: "publisher")
        articleURL = try row.decode(forColumn: "articleURL")
        citesURL = try row.decode(forColumn: "citesURL")
        doi = try row.decode(forColumn: "doi")
        type = try row.decode(forColumn: "type")
        sourceRank = try row.decode(forColumn: "sourceRank")
        clusterID = try row.decode(forColumn: "clusterID")
        citationsPerYear = try row.decodeJSON(YearCounts.self, forColumn: "citationsPerYear", using: Self.jsonColumns)
        isExcluded = try row.decode(forColumn: "isExcluded")
        exclusionReason = try row.decode(forColumn: "exclusionReason")
        mergeNumber = try row.decode(forColumn: "mergeNumber")
        mergedInto = try row.decode(forColumn: "mergedInto")
        onHomepage = try row.decode(forColumn: "onHomepage")
        details = try row.decodeJSON(PublicationDetails.self, forColumn: "details", using: Self.jsonColumns)
    }
}
