import Foundation
import GRDB

/// Completing the author lists Google Scholar cut, on a stored search (the results screen's
/// button; `FetchedSearch.completeAuthors` does the same before a search is stored).
extension ScholarWorkspace {
    /// The kept, unmerged publications of `searchID` whose author lists are cut, by id.
    public func cutAuthorLists(in searchID: Int64) throws -> [Int64: Publication] {
        try database.read { db in
            _ = try searchRow(searchID, db)
            let rows = try PublicationRow.filter(
                Column("searchId") == searchID && Column("mergedInto") == nil && Column("authorsTruncated") == true && Column("isExcluded") == false
            ).fetchAll(db)
            return Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.id.map { ($0, row.publication) } })
        }
    }

    /// Stores whole author lists, judged by the search's name filter: a publication whose
    /// list names someone else is excluded (reason `name`) and the filter's counts follow.
    /// One transaction.
    public func storeCompletedAuthors(_ lists: [Int64: [String]], looked: Int, in searchID: Int64) throws -> AuthorCompletion {
        try database.write { db in
            var search = try searchRow(searchID, db)
            let filter = search.parameters.filterByAuthorName ? search.parameters.query.author.flatMap(AuthorNameFilter.init(searchedName:)) : nil
            var completion = AuthorCompletion(looked: looked)
            for (id, authors) in lists.sorted(by: { $0.key < $1.key }) where !authors.isEmpty {
                var row = try Self.topLevelPublication(id, in: searchID, db)
                row.authors = authors
                row.authorsTruncated = false
                completion.completed += 1
                if let filter, !row.isExcluded, !filter.matches(authors) {
                    row.isExcluded = true
                    row.exclusionReason = "name"
                    completion.excluded += 1
                }
                try row.update(db)
            }
            if completion.excluded > 0, let kept = search.nameFilterKept {
                search.nameFilterKept = kept - completion.excluded
                search.nameFilterDropped = (search.nameFilterDropped ?? 0) + completion.excluded
            }
            // The search says what was done to it, as it says how its answer was chosen.
            search.note = [search.note, completion.summary].compactMap { $0 }.joined(separator: "; ")
            try search.update(db)
            return completion
        }
    }
}

extension FullAuthorLists {
    /// Looks up every cut author list of a stored search and stores what OpenAlex gives.
    public func complete(searchID: Int64, in workspace: ScholarWorkspace) async throws -> AuthorCompletion {
        let cut = try workspace.cutAuthorLists(in: searchID)
        var lists: [Int64: [String]] = [:]
        for (id, publication) in cut.sorted(by: { $0.key < $1.key }) {
            if let authors = try await authors(of: publication) { lists[id] = authors }
        }
        return try workspace.storeCompletedAuthors(lists, looked: cut.count, in: searchID)
    }
}
