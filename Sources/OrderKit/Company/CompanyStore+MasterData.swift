import Foundation

/// A master-data record as the company keeps it: its id in the company's files and its state.
public struct CompanyRecord: Sendable, Hashable, Codable {
    public var remoteID: String
    public var record: SyncRecord

    public init(remoteID: String, record: SyncRecord) {
        self.remoteID = remoteID
        self.record = record
    }
}

/// A change an agent has not seen yet: a record's current state, or its deletion.
public struct CompanyChange: Sendable, Hashable {
    public var kind: MasterDataKind
    public var remoteID: String
    /// nil when the record was deleted.
    public var record: SyncRecord?
    public var updatedAt: Date
    public var sequence: Int64

    public init(kind: MasterDataKind, remoteID: String, record: SyncRecord?, updatedAt: Date, sequence: Int64) {
        self.kind = kind
        self.remoteID = remoteID
        self.record = record
        self.updatedAt = updatedAt
        self.sequence = sequence
    }
}

extension CompanyStore {
    /// Inserts or replaces records (an upload), each change numbered for the feed.
    public func upsert(_ records: [CompanyRecord], company: String) async throws {
        try await database.upsert(records, company: company, at: now())
    }

    /// Deletes a record; agents are told at their next sync.
    public func deleteRecord(kind: MasterDataKind, remoteID: String, company: String) async throws {
        try await database.deleteRecord(kind: kind, remoteID: remoteID, company: company, at: now())
    }

    /// The modern feed: every change after `cursor` (0 for everything), oldest first, at most
    /// `limit`; the last change's sequence is the next cursor. The server's counter, not any
    /// clock, orders changes, so an agent whose clock is wrong misses nothing.
    public func changes(company: String, after cursor: Int64, limit: Int = 1_000) async throws -> [CompanyChange] {
        try await database.changes(company: company, after: cursor, limit: limit)
    }

    /// The last change number handed out; cursors above it were never issued.
    public func latestChangeNumber() async throws -> Int64 {
        try await database.latestChangeNumber()
    }

    /// The thesis's sync: records changed after the agent's `lastSync`, a time read from the
    /// agent's own clock. Kept for compatibility; a change made while the clocks disagree is lost
    /// (see `changes(company:after:)`).
    public func changes(company: String, since lastSync: Date) async throws -> [CompanyChange] {
        try await database.changes(company: company, since: lastSync)
    }
}
