import Foundation
import GRDB

extension SQLiteCompanyDatabase {
    public func upsert(_ records: [CompanyRecord], company: String, at updatedAt: Date) async throws {
        try await database.write { db in try Self.upsert(records, company: company, at: updatedAt, db) }
    }

    public func deleteRecord(kind: MasterDataKind, remoteID: String, company: String, at deletedAt: Date) async throws {
        try await database.write { db in
            let sequence = try Self.nextSequence(db)
            try db.execute(
                sql: "UPDATE order_company_record SET record = NULL, deleted = 1, updatedAt = ?, sequence = ? WHERE company = ? AND kind = ? AND remoteID = ? AND deleted = 0",
                arguments: [deletedAt, sequence, company, kind.rawValue, remoteID]
            )
        }
    }

    public func changes(company: String, after cursor: Int64, limit: Int) async throws -> [CompanyChange] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM order_company_record WHERE company = ? AND sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [company, cursor, limit]
            ).map(Self.change)
        }
    }

    public func latestChangeNumber() async throws -> Int64 {
        try await database.read { db in try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = 'change'") ?? 0 }
    }

    public func changes(company: String, since lastSync: Date) async throws -> [CompanyChange] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM order_company_record WHERE company = ? AND updatedAt > ? ORDER BY sequence",
                arguments: [company, lastSync]
            ).map(Self.change)
        }
    }

    public func createImport(code: String, kind: MasterDataKind, records: [CompanyRecord], company: String, at createdAt: Date) async throws {
        let json = try CompanyJSON.text(records)
        try await database.write { db in
            try Self.upsert(records, company: company, at: createdAt, db)
            try db.execute(
                sql: "INSERT INTO order_company_import (code, company, kind, records, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [code, company, kind.rawValue, json, createdAt]
            )
        }
    }

    public func importCodes() async throws -> Set<String> {
        try await database.read { db in Set(try String.fetchAll(db, sql: "SELECT code FROM order_company_import")) }
    }

    public func redeemImport(code: String, company: String) async throws -> (kind: MasterDataKind, records: [CompanyRecord])? {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT kind, records FROM order_company_import WHERE code = ? AND company = ?", arguments: [code, company]) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM order_company_import WHERE code = ?", arguments: [code])
            return (MasterDataKind(rawValue: row["kind"]) ?? .customer, try CompanyJSON.value([CompanyRecord].self, from: row["records"]))
        }
    }

    private static func upsert(_ records: [CompanyRecord], company: String, at updatedAt: Date, _ db: Database) throws {
        try requireCompany(company, db)
        for item in records {
            try db.execute(
                sql: """
                    INSERT INTO order_company_record (company, kind, remoteID, record, updatedAt, sequence, deleted)
                    VALUES (?, ?, ?, ?, ?, ?, 0)
                    ON CONFLICT (company, kind, remoteID) DO UPDATE SET record = excluded.record, updatedAt = excluded.updatedAt,
                        sequence = excluded.sequence, deleted = 0
                    """,
                arguments: [company, item.record.kind.rawValue, item.remoteID, try CompanyJSON.text(item.record), updatedAt, try nextSequence(db)]
            )
        }
    }

    private static func change(_ row: Row) throws -> CompanyChange {
        CompanyChange(
            kind: MasterDataKind(rawValue: row["kind"]) ?? .customer, remoteID: row["remoteID"],
            record: try (row["record"] as String?).map { try CompanyJSON.value(SyncRecord.self, from: $0) },
            updatedAt: row["updatedAt"], sequence: row["sequence"]
        )
    }

    private static func nextSequence(_ db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT INTO order_company_counter (name, value) VALUES ('change', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1")
        return try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = 'change'") ?? 0
    }
}
