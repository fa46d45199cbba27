import Foundation
import GRDB

/// The user's stored searches and their edits (the Ulm thesis's history, saved searches,
/// rejects and merges), in SQLite through GRDB.
///
/// Searches belong to an owner (an account of the app around it); a workspace sees only its
/// owner's, and another owner's search id is unknown to it (``owned(by:)``).
///
/// Every change is one transaction: a crash loses nothing committed and leaves nothing half
/// written. With a `DatabasePool` (WAL), readers see the last committed state while a write runs.
public struct ScholarWorkspace: Sendable {
    public let database: any DatabaseWriter
    /// How long a search that was not saved is kept (the Ulm thesis: 12 hours).
    public var cacheAge: TimeInterval
    /// The clock, replaceable so tests can age searches.
    public var now: @Sendable () -> Date

    /// Whose searches these are: an account id of the app around the Kit. A single-user app
    /// (the CLI) keeps the first owner's.
    public let owner: Int64
    /// Searches opened at their current version, shared by every owner's view of the workspace.
    let views: SearchViewCache

    public static let defaultCacheAge: TimeInterval = 12 * 3_600
    /// The owner of a single-user app, and of every search stored before searches had owners.
    public static let firstOwner: Int64 = 1

    /// Migrates `database` to ScholarKit's schema.
    public init(
        database: any DatabaseWriter, owner: Int64 = ScholarWorkspace.firstOwner, cacheAge: TimeInterval = ScholarWorkspace.defaultCacheAge,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.database = database
        self.owner = owner
        self.cacheAge = cacheAge
        self.now = now
        views = SearchViewCache()
        try ScholarSchema.migrator.migrate(database)
    }

    private init(_ other: ScholarWorkspace, owner: Int64) {
        (database, cacheAge, now, self.owner, views) = (other.database, other.cacheAge, other.now, owner, other.views)
    }

    /// The same workspace, seeing `owner`'s searches only.
    public func owned(by owner: Int64) -> ScholarWorkspace {
        ScholarWorkspace(self, owner: owner)
    }

    /// Deletes every search of the owner (its account was deleted); returns how many.
    @discardableResult
    public func deleteAll() throws -> Int {
        try database.write { db in try SearchRow.filter(Column("ownerId") == owner).deleteAll(db) }
    }


    // MARK: Searches

    /// Stores a search the source just answered, as cached. With `remember`, the edits of the
    /// latest saved search with the same parameters are replayed onto it.
    @discardableResult
    public func store(_ fetched: FetchedSearch, parameters: SearchParameters, remember: Bool = true) throws -> StoredOutcome {
        try database.write { db in
            var search = SearchRow(
                id: nil, matchKey: parameters.matchKey, parameters: parameters, label: parameters.label, ranAt: now(),
                savedAt: parameters.source == .file ? now() : nil, totalResults: fetched.totalResults,
                nameFilterKept: fetched.nameFilter?.kept, nameFilterDropped: fetched.nameFilter?.dropped,
                nameFilterLearnedInitials: fetched.nameFilter?.learnedInitials,
                citationsPerYear: fetched.searchCitationsPerYear.map(YearCounts.init), note: fetched.note, mergeCounter: 0,
                openAlexCandidates: fetched.authorCandidates.isEmpty ? nil : fetched.authorCandidates, ownerId: owner
            )
            try search.insert(db)
            guard let searchID = search.id else { throw ScholarWorkspaceError.unknownSearch(0) }
            var importedMerges = ImportedMerges()
            for (position, publication) in fetched.publications.enumerated() {
                let perYear = position < fetched.citationsPerYear.count ? fetched.citationsPerYear[position] : nil
                var row = PublicationRow(searchID: searchID, position: position, publication: publication, citationsPerYear: perYear)
                let mark = importedMerges.takeMark(from: &row)
                // A file's own exclusion (an exported curation read back) keeps its reason.
                if let reason = fetched.exclusions[position], !row.isExcluded {
                    row.isExcluded = true
                    row.exclusionReason = reason
                }
                try row.insert(db)
                if let mark, let id = row.id { importedMerges.note(mark, row: id) }
            }
            try importedMerges.rebuild(in: searchID, workspace: self, db)
            var replay: ReplayReport?
            if remember, parameters.source != .file,
               let earlier = try SearchRow
                   .filter(Column("ownerId") == owner && Column("matchKey") == search.matchKey && Column("savedAt") != nil && Column("id") != searchID)
                   .order(Column("ranAt").desc).fetchOne(db),
               let earlierID = earlier.id {
                replay = try EditReplay(from: earlierID, to: searchID, workspace: self).run(db)
            }
            return StoredOutcome(searchID: searchID, replay: replay)
        }
    }

    /// A search with these parameters that is younger than the cache age, the newest first:
    /// it can answer a repeated search without asking the source.
    public func freshSearch(matching parameters: SearchParameters) throws -> SearchSummary? {
        guard parameters.source != .file else { return nil }
        let oldest = now().addingTimeInterval(-cacheAge)
        return try database.read { db in
            try SearchRow.filter(Column("ownerId") == owner && Column("matchKey") == parameters.matchKey && Column("ranAt") >= oldest)
                .order(Column("ranAt").desc).fetchOne(db)
                .map { try summary(of: $0, db) }
        }
    }

    /// Deletes the cached searches older than the cache age, with their results; returns how many.
    @discardableResult
    public func deleteExpired() throws -> Int {
        let oldest = now().addingTimeInterval(-cacheAge)
        return try database.write { db in
            try SearchRow.filter(Column("savedAt") == nil && Column("ranAt") < oldest).deleteAll(db)
        }
    }

    /// Every stored search, newest first, without the cached ones past the cache age (which
    /// `deleteExpired` removes; reading never writes, so it never waits for a writer).
    public func history() throws -> [SearchSummary] {
        let oldest = now().addingTimeInterval(-cacheAge)
        return try database.read { db in
            try SearchRow.filter(Column("ownerId") == owner && (Column("savedAt") != nil || Column("ranAt") >= oldest))
                .order(Column("ranAt").desc, Column("id").desc).fetchAll(db).map { try summary(of: $0, db) }
        }
    }

    /// One search with its publications, statuses and metrics.
    /// A search opened before at its current version is served as it was: the version is read in
    /// the same transaction as the search would be, so it is never older than the database.
    public func open(_ id: Int64, options: MetricsOptions) throws -> StoredSearch {
        try database.read { db in
            guard let version = try Int64.fetchOne(db, sql: "SELECT version FROM scholar_search WHERE id = ? AND ownerId = ?", arguments: [id, owner]) else {
                throw ScholarWorkspaceError.unknownSearch(id)
            }
            if let kept = views.search(id, version: version, options: options, cacheAge: cacheAge) { return kept }
            var opened = try loadSearch(id, options: options, db)
            opened.version = version
            views.keep(opened, id: id, options: options, cacheAge: cacheAge)
            return opened
        }
    }

    /// Keeps a search beyond the cache age.
    public func save(_ id: Int64) throws {
        try database.write { db in
            var search = try searchRow(id, db)
            if search.savedAt == nil {
                search.savedAt = now()
                try search.update(db)
            }
        }
    }

    /// Deletes a search and everything stored with it.
    public func delete(_ id: Int64) throws {
        try database.write { db in
            _ = try searchRow(id, db)
            try SearchRow.deleteOne(db, key: id)
        }
    }

    // MARK: Reading

    func summary(of row: SearchRow, _ db: Database) throws -> SearchSummary {
        let id = row.id ?? 0
        let count = try PublicationRow.filter(Column("searchId") == id && Column("mergedInto") == nil).fetchCount(db)
        // The kept results whose author lists are cut are read off the publications as they
        // are now: completing a list or ticking a paper out changes them.
        let filter = try row.nameFilterKept.map { kept in
            let cut = try PublicationRow.filter(
                Column("searchId") == id && Column("mergedInto") == nil && Column("authorsTruncated") == true && Column("isExcluded") == false
            ).fetchCount(db)
            return AuthorNameFilter.Outcome(
                kept: kept, dropped: row.nameFilterDropped ?? 0, keptTruncated: cut, learnedInitials: row.nameFilterLearnedInitials)
        }
        return SearchSummary(
            id: id, label: row.label, parameters: row.parameters, ranAt: row.ranAt, savedAt: row.savedAt,
            expiresAt: row.savedAt == nil ? row.ranAt.addingTimeInterval(cacheAge) : nil,
            publicationCount: count, totalResults: row.totalResults, nameFilter: filter, note: row.note,
            authorCandidates: row.openAlexCandidates ?? []
        )
    }

    func loadSearch(_ id: Int64, options: MetricsOptions, _ db: Database) throws -> StoredSearch {
        let row = try searchRow(id, db)
        let all = try PublicationRow.filter(Column("searchId") == id).order(Column("position"), Column("id")).fetchAll(db)
        var members: [Int64: [Int64]] = [:]
        var mergeMembers: [Int64: [MergeMember]] = [:]
        for publication in all {
            guard let merge = publication.mergedInto, let member = publication.id else { continue }
            members[merge, default: []].append(member)
            mergeMembers[merge, default: []].append(MergeMember(id: member, publication: publication.publication, mergeNumber: publication.mergeNumber))
        }
        let visible = all.filter { $0.mergedInto == nil }
        let report = MetricsReport(publications: visible.map(\.publication), options: options)
        var publications: [WorkspacePublication] = []
        publications.reserveCapacity(visible.count)
        let order = report.ranking + visible.indices.filter { visible[$0].isExcluded }
        for index in order {
            let source = visible[index]
            let id = source.id ?? 0
            publications.append(WorkspacePublication(
                id: id, publication: source.publication, status: report.statuses[index],
                exclusionReason: source.isExcluded ? (source.exclusionReason ?? "user") : nil,
                mergeNumber: source.mergeNumber, memberIDs: members[id] ?? [],
                citationsPerYear: source.citationsPerYear?.counts, onHomepage: source.onHomepage
            ))
        }
        // Excluded publications are out of the ranking; zero-cited ones may be too, by option.
        let placed = Set(order)
        for index in visible.indices where !placed.contains(index) {
            let source = visible[index]
            let id = source.id ?? 0
            publications.append(WorkspacePublication(
                id: id, publication: source.publication, status: report.statuses[index], exclusionReason: nil,
                mergeNumber: source.mergeNumber, memberIDs: members[id] ?? [],
                citationsPerYear: source.citationsPerYear?.counts, onHomepage: source.onHomepage
            ))
        }
        let perYear = row.citationsPerYear?.counts ?? visible.filter { !$0.isExcluded }.reduce(into: [Int: Int]()) { total, publication in
            for (year, count) in publication.citationsPerYear?.counts ?? [:] { total[year, default: 0] += count }
        }
        return StoredSearch(
            summary: try summary(of: row, db), publications: publications, report: report, citationsPerYear: perYear, mergeMembers: mergeMembers)
    }
}

/// What storing a search did.
public struct StoredOutcome: Sendable, Equatable {
    public var searchID: Int64
    /// The edits replayed from an earlier saved search with the same parameters, if any.
    public var replay: ReplayReport?
}
