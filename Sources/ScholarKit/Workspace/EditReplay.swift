import GRDB

/// What "remember" carried over from an earlier saved search, and what it could not.
public struct ReplayReport: Sendable, Equatable, Codable {
    public var fromSearch: Int64
    public var exclusionsReplayed: Int
    /// Papers the new search stored excluded (the name filter) that the user had ticked back in.
    public var inclusionsReplayed: Int = 0
    public var mergesReplayed: Int
    /// Publications of the earlier search's edits with no counterpart in the new results,
    /// described for the user ("excluded: Title", "merge #2: Title").
    public var unmatched: [String]
}

/// The Ulm thesis's "remember": the curation of an earlier search replayed onto a new one with
/// the same parameters, publications matched by cluster id, DOI or normalised title. The earlier
/// search's state is the user's word: what was excluded is excluded, what was kept is kept (a
/// paper the name filter excludes anew but the user ticked in stays in), merges are made again
/// (a dissolved merge is simply no merge), and the homepage filter's verdicts carry over.
struct EditReplay {
    let from: Int64
    let to: Int64
    /// The workspace of both searches' owner.
    let workspace: ScholarWorkspace

    func run(_ db: Database) throws -> ReplayReport {
        let earlier = try PublicationRow.filter(Column("searchId") == from).order(Column("position")).fetchAll(db)
        let current = try PublicationRow.filter(Column("searchId") == to && Column("mergeNumber") == nil).order(Column("position")).fetchAll(db)
        let index = PublicationIndex(current.compactMap { row in row.id.map { ($0, row.publication) } })
        var report = ReplayReport(fromSearch: from, exclusionsReplayed: 0, inclusionsReplayed: 0, mergesReplayed: 0, unmatched: [])
        // Earlier record id → its counterpart in the new search (an original or a replayed merge).
        var counterpart: [Int64: Int64] = [:]
        var paired = Set<Int64>()
        for row in earlier where !row.isMerge {
            if let id = row.id, let match = index.match(row.publication, where: { !paired.contains($0) }) {
                counterpart[id] = match
                paired.insert(match)
            }
        }
        for merge in mergesInnermostFirst(earlier) {
            guard let mergeID = merge.id else { continue }
            let members = earlier.filter { $0.mergedInto == mergeID }
            var matched: [Int64] = []
            for member in members {
                if let id = member.id, let match = counterpart[id], !matched.contains(match),
                   try isTopLevel(match, db) {
                    matched.append(match)
                } else {
                    report.unmatched.append("merge #\(merge.mergeNumber ?? 0): \(member.title)")
                }
            }
            if matched.count >= 2 {
                counterpart[mergeID] = try workspace.merge(matched, in: to, db)
                report.mergesReplayed += 1
            }
        }
        for row in earlier where row.mergedInto == nil {
            guard let id = row.id, let match = counterpart[id], var target = try PublicationRow.fetchOne(db, key: match) else {
                if row.isExcluded { report.unmatched.append("excluded: \(row.title)") }
                continue
            }
            if row.isExcluded, !target.isExcluded {
                target.isExcluded = true
                target.exclusionReason = "remembered"
                report.exclusionsReplayed += 1
            } else if !row.isExcluded, target.isExcluded {
                target.isExcluded = false
                target.exclusionReason = nil
                report.inclusionsReplayed += 1
            }
            target.onHomepage = row.onHomepage ?? target.onHomepage
            try target.update(db)
        }
        return report
    }

    /// Merges ordered so that a merge comes after every merge nested in it.
    private func mergesInnermostFirst(_ rows: [PublicationRow]) -> [PublicationRow] {
        let parent = Dictionary(rows.compactMap { row in row.id.map { ($0, row.mergedInto) } }, uniquingKeysWith: { first, _ in first })
        func depth(_ id: Int64?) -> Int {
            var level = 0, cursor = id
            while let current = cursor, let next = parent[current] ?? nil, level < rows.count { level += 1; cursor = next }
            return level
        }
        return rows.filter(\.isMerge).sorted { depth($0.id) > depth($1.id) }
    }

    private func isTopLevel(_ id: Int64, _ db: Database) throws -> Bool {
        try PublicationRow.fetchOne(db, key: id)?.mergedInto == nil
    }
}
