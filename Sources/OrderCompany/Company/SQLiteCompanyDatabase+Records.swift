import OrderKit
import Foundation
import GRDB

extension SQLiteCompanyDatabase {
    public func masterData(company: String) async throws -> [StoredCompanyRecord] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT kind, key, remoteID, record, deleted FROM order_company_record WHERE company = ? AND record IS NOT NULL ORDER BY sequence",
                arguments: [company]
            ).map { row in
                StoredCompanyRecord(
                    kind: MasterDataKind(rawValue: row["kind"]) ?? .customer, key: row["key"] ?? row["remoteID"], remoteID: row["remoteID"],
                    record: try CompanyJSON.value(SyncRecord.self, from: row["record"]), isDeleted: row["deleted"])
            }
        }
    }

    public func reserveRecordNumbers(_ count: Int) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO order_company_counter (name, value) VALUES ('record', ?) ON CONFLICT (name) DO UPDATE SET value = value + ?",
                arguments: [count, count])
            return (try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = 'record'") ?? Int64(count)) - Int64(count) + 1
        }
    }

    public func apply(_ changes: MasterDataChanges, importing: MasterDataImportCode?, company: String, at date: Date) async throws {
        let importJSON = try importing.map { try CompanyJSON.text($0.records) }
        try await database.write { db in
            try Self.requireCompany(company, db)
            let insert = try db.cachedStatement(sql: """
                INSERT INTO order_company_record (company, kind, key, remoteID, record, createdAt, updatedAt, supplierSetAt, sequence, deleted)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
                ON CONFLICT (company, kind, remoteID) DO UPDATE SET key = excluded.key, record = excluded.record,
                    createdAt = excluded.createdAt, updatedAt = excluded.updatedAt, supplierSetAt = excluded.supplierSetAt,
                    sequence = excluded.sequence, deleted = 0
                """)
            for item in changes.inserts {
                let supplierSetAt: Date? = item.record.kind == .product ? date : nil
                try insert.execute(arguments: [
                    company, item.record.kind.rawValue, item.key, item.remoteID, try CompanyJSON.text(item.record), date, date, supplierSetAt,
                    try Self.nextSequence(db),
                ])
            }
            let update = try db.cachedStatement(sql: """
                UPDATE order_company_record SET record = ?, updatedAt = ?, sequence = ?,
                    supplierSetAt = CASE WHEN ? THEN ? ELSE supplierSetAt END
                WHERE company = ? AND kind = ? AND remoteID = ?
                """)
            for item in changes.updates {
                try update.execute(arguments: [
                    try CompanyJSON.text(item.record), date, try Self.nextSequence(db), item.supplierChanged, date, company,
                    item.record.kind.rawValue, item.remoteID,
                ])
            }
            let delete = try db.cachedStatement(sql: """
                UPDATE order_company_record SET deleted = 1, updatedAt = ?, sequence = ?
                WHERE company = ? AND kind = ? AND remoteID = ? AND deleted = 0
                """)
            for item in changes.deletes {
                try delete.execute(arguments: [date, try Self.nextSequence(db), company, item.kind.rawValue, item.remoteID])
            }
            if let importing, let importJSON {
                try db.execute(
                    sql: "INSERT INTO order_company_import (code, company, kind, records, createdAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [importing.code, company, importing.kind.rawValue, importJSON, date]
                )
            }
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

    private static func change(_ row: Row) throws -> CompanyChange {
        let updatedAt: Date = row["updatedAt"]
        return CompanyChange(
            kind: MasterDataKind(rawValue: row["kind"]) ?? .customer, remoteID: row["remoteID"],
            record: try (row["record"] as String?).map { try CompanyJSON.value(SyncRecord.self, from: $0) }, isDeleted: row["deleted"],
            createdAt: row["createdAt"] ?? updatedAt, updatedAt: updatedAt, supplierSetAt: row["supplierSetAt"], sequence: row["sequence"]
        )
    }

    private static func nextSequence(_ db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT INTO order_company_counter (name, value) VALUES ('change', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1")
        return try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = 'change'") ?? 0
    }
}
