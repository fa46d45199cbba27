import Foundation
import GRDB

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
}

extension CompanyStore {
    /// Inserts or replaces records (an upload), each change numbered for the feed.
    public func upsert(_ records: [CompanyRecord], company: String) throws {
        let at = now()
        try database.write { db in
            try requireCompany(company, db)
            for item in records {
                let sequence = try nextSequence(db)
                let json = String(decoding: try JSONEncoder().encode(item.record), as: UTF8.self)
                try db.execute(
                    sql: """
                        INSERT INTO order_company_record (company, kind, remoteID, record, updatedAt, sequence, deleted)
                        VALUES (?, ?, ?, ?, ?, ?, 0)
                        ON CONFLICT (company, kind, remoteID) DO UPDATE SET record = excluded.record, updatedAt = excluded.updatedAt,
                            sequence = excluded.sequence, deleted = 0
                        """,
                    arguments: [company, item.record.kind.rawValue, item.remoteID, json, at, sequence]
                )
            }
        }
    }

    /// Deletes a record; agents are told at their next sync.
    public func deleteRecord(kind: MasterDataKind, remoteID: String, company: String) throws {
        let at = now()
        try database.write { db in
            let sequence = try nextSequence(db)
            try db.execute(
                sql: "UPDATE order_company_record SET record = NULL, deleted = 1, updatedAt = ?, sequence = ? WHERE company = ? AND kind = ? AND remoteID = ? AND deleted = 0",
                arguments: [at, sequence, company, kind.rawValue, remoteID]
            )
        }
    }

    /// The modern feed: every change after `cursor` (0 for everything), oldest first, at most
    /// `limit`; the last change's sequence is the next cursor. The server's counter, not any
    /// clock, orders changes, so an agent whose clock is wrong misses nothing.
    public func changes(company: String, after cursor: Int64, limit: Int = 1_000) throws -> [CompanyChange] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM order_company_record WHERE company = ? AND sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [company, cursor, limit]
            ).map(Self.change)
        }
    }

    /// The thesis's sync: records changed after the agent's `lastSync`, a time read from the
    /// agent's own clock. Kept for compatibility; a change made while the clocks disagree is lost
    /// (see `changes(company:after:)`).
    public func changes(company: String, since lastSync: Date) throws -> [CompanyChange] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM order_company_record WHERE company = ? AND updatedAt > ? ORDER BY sequence",
                arguments: [company, lastSync]
            ).map(Self.change)
        }
    }

    private static func change(_ row: Row) throws -> CompanyChange {
        let kind = MasterDataKind(rawValue: row["kind"]) ?? .customer
        let record = try (row["record"] as String?).map { try JSONDecoder().decode(SyncRecord.self, from: Data($0.utf8)) }
        return CompanyChange(kind: kind, remoteID: row["remoteID"], record: record, updatedAt: row["updatedAt"], sequence: row["sequence"])
    }

    private func nextSequence(_ db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT INTO order_company_counter (name, value) VALUES ('change', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1")
        return try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = 'change'") ?? 0
    }
}
