import Foundation
import GRDB

/// A duplicate suggestion on a stored search: publication ids instead of list positions.
public struct WorkspaceDuplicateSuggestion: Sendable, Equatable, Codable {
    /// Top-level publication ids, ascending.
    public var publicationIDs: [Int64]
    public var titles: [String]
    public var reason: DuplicateSuggestion.Reason
    public var similarity: Double
}

extension ScholarWorkspace {
    /// Groups of the search's publications that look like one work, minus those the user
    /// rejected. Accepting one is merging its publications.
    public func duplicateSuggestions(in searchID: Int64, finder: DuplicateFinder = DuplicateFinder(), options: MetricsOptions) throws -> [WorkspaceDuplicateSuggestion] {
        try duplicateSuggestions(in: try open(searchID, options: options), finder: finder)
    }

    /// As `duplicateSuggestions(in:finder:options:)`, for a search already opened.
    public func duplicateSuggestions(in stored: StoredSearch, finder: DuplicateFinder = DuplicateFinder()) throws -> [WorkspaceDuplicateSuggestion] {
        let searchID = stored.summary.id
        return try database.read { db in
            let rejected = Set(try DuplicateRejectionRow.filter(Column("searchId") == searchID).fetchAll(db).map(\.members))
            return finder.suggestions(in: stored.publications.map(\.publication)).compactMap { suggestion in
                let members = suggestion.members.map { stored.publications[$0] }.sorted { $0.id < $1.id }
                let ids = members.map(\.id)
                guard !rejected.contains(Self.rejectionKey(ids)) else { return nil }
                return WorkspaceDuplicateSuggestion(
                    publicationIDs: ids, titles: members.map(\.publication.title),
                    reason: suggestion.reason, similarity: suggestion.similarity
                )
            }
        }
    }

    /// Remembers that these publications are not one work, so the suggestion is not shown again.
    public func rejectDuplicates(_ publicationIDs: [Int64], in searchID: Int64) throws {
        try database.write { db in
            _ = try searchRow(searchID, db)
            for id in publicationIDs { _ = try Self.topLevelPublication(id, in: searchID, db) }
            try DuplicateRejectionRow(searchId: searchID, members: Self.rejectionKey(publicationIDs)).upsert(db)
        }
    }

    static func rejectionKey(_ ids: [Int64]) -> String {
        ids.sorted().map(String.init).joined(separator: ",")
    }
}
