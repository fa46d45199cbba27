import Foundation
import GRDB

/// Ticking publications out and in, merging and dissolving (the Italian thesis's checkmarks,
/// the Ulm thesis's rejects and merges). Each call is one transaction: all or nothing.
extension ScholarWorkspace {
    /// Ticks publications out (`excluded: true`) or back in.
    public func setExcluded(_ publicationIDs: [Int64], excluded: Bool, in searchID: Int64) throws {
        try database.write { db in
            _ = try searchRow(searchID, db)
            for id in publicationIDs {
                var row = try Self.topLevelPublication(id, in: searchID, db)
                row.isExcluded = excluded
                row.exclusionReason = excluded ? "user" : nil
                try row.update(db)
            }
        }
    }

    /// Merges publications into one record and returns its id. The most cited is the master
    /// (its title, authors and venue stand for the group); citations are the sum, as in the Ulm
    /// thesis. The originals are kept untouched, so dissolving restores them exactly.
    @discardableResult
    public func merge(_ publicationIDs: [Int64], in searchID: Int64) throws -> Int64 {
        try database.write { db in try merge(publicationIDs, in: searchID, db) }
    }

    /// Dissolves a merge wholly, or (with `member`) takes one member out of it; a merge left
    /// with one member is dissolved.
    public func dissolve(_ mergeID: Int64, member: Int64? = nil, in searchID: Int64) throws {
        try database.write { db in
            _ = try searchRow(searchID, db)
            let merged = try Self.topLevelPublication(mergeID, in: searchID, db)
            guard merged.isMerge else { throw ScholarWorkspaceError.notMerged(mergeID) }
            var members = try PublicationRow.filter(Column("mergedInto") == mergeID).order(Column("position")).fetchAll(db)
            if let member {
                guard let index = members.firstIndex(where: { $0.id == member }) else {
                    throw ScholarWorkspaceError.notAMember(member, merge: mergeID)
                }
                var released = members.remove(at: index)
                released.mergedInto = nil
                try released.update(db)
                if members.count >= 2 {
                    var updated = Self.mergedRecord(of: members, searchID: searchID, mergeNumber: merged.mergeNumber ?? 0)
                    updated.id = merged.id
                    updated.isExcluded = merged.isExcluded
                    updated.exclusionReason = merged.exclusionReason
                    updated.onHomepage = merged.onHomepage
                    try updated.update(db)
                    return
                }
            }
            try db.execute(sql: "UPDATE scholar_publication SET mergedInto = NULL WHERE mergedInto = ?", arguments: [mergeID])
            _ = try PublicationRow.deleteOne(db, key: mergeID)
        }
    }

    /// The direct members of a merge, as stored before merging.
    public func members(of mergeID: Int64, in searchID: Int64) throws -> [Publication] {
        try database.read { db in
            _ = try searchRow(searchID, db)
            guard let merged = try PublicationRow.filter(Column("searchId") == searchID && Column("id") == mergeID).fetchOne(db) else {
                throw ScholarWorkspaceError.unknownPublication(mergeID, search: searchID)
            }
            guard merged.isMerge else { throw ScholarWorkspaceError.notMerged(mergeID) }
            return try PublicationRow.filter(Column("mergedInto") == mergeID).order(Column("position")).fetchAll(db).map(\.publication)
        }
    }

    // MARK: Inside a transaction

    func merge(_ publicationIDs: [Int64], in searchID: Int64, _ db: Database) throws -> Int64 {
        var search = try searchRow(searchID, db)
        var seen = Set<Int64>()
        for id in publicationIDs where !seen.insert(id).inserted { throw ScholarWorkspaceError.repeatedPublication(id) }
        guard publicationIDs.count >= 2 else { throw ScholarWorkspaceError.mergeNeedsTwo(search: searchID) }
        var members = try publicationIDs.map { try Self.topLevelPublication($0, in: searchID, db) }
        search.mergeCounter += 1
        try search.update(db)
        var merged = Self.mergedRecord(of: members, searchID: searchID, mergeNumber: search.mergeCounter)
        try merged.insert(db)
        guard let mergedID = merged.id else { throw ScholarWorkspaceError.mergeNeedsTwo(search: searchID) }
        for index in members.indices {
            members[index].mergedInto = mergedID
            try members[index].update(db)
        }
        return mergedID
    }

    /// The record standing for `members`: the most cited member's fields (ties: the one listed
    /// first by the source), the sum of the citations and of the citations per year.
    static func mergedRecord(of members: [PublicationRow], searchID: Int64, mergeNumber: Int) -> PublicationRow {
        let sorted = members.sorted { ($0.citations, -$0.position) > ($1.citations, -$1.position) }
        var merged = sorted[0]
        merged.id = nil
        merged.searchId = searchID
        merged.position = members.map(\.position).min() ?? 0
        merged.citations = members.reduce(0) { $0 + $1.citations }
        merged.doi = sorted.lazy.compactMap(\.doi).first
        merged.clusterID = sorted.lazy.compactMap(\.clusterID).first
        merged.year = merged.year ?? sorted.lazy.compactMap(\.year).first
        let perYear = members.reduce(into: [Int: Int]()) { total, member in
            for (year, count) in member.citationsPerYear?.counts ?? [:] { total[year, default: 0] += count }
        }
        merged.citationsPerYear = perYear.isEmpty ? nil : YearCounts(perYear)
        merged.isExcluded = false
        merged.exclusionReason = nil
        merged.mergeNumber = mergeNumber
        merged.mergedInto = nil
        return merged
    }

    static func topLevelPublication(_ id: Int64, in searchID: Int64, _ db: Database) throws -> PublicationRow {
        guard let row = try PublicationRow.filter(Column("searchId") == searchID && Column("id") == id).fetchOne(db) else {
            throw ScholarWorkspaceError.unknownPublication(id, search: searchID)
        }
        if let merge = row.mergedInto { throw ScholarWorkspaceError.insideMerge(id, merge: merge) }
        return row
    }

    /// The owner's search with this id; another owner's is unknown, as one that never existed.
    func searchRow(_ id: Int64, _ db: Database) throws -> SearchRow {
        guard let row = try SearchRow.fetchOne(db, key: id), row.ownerId == owner else { throw ScholarWorkspaceError.unknownSearch(id) }
        return row
    }
}
