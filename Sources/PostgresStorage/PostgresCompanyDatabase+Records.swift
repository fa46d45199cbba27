import Foundation
import Logging
import OrderCompany
import OrderKit
import PostgresNIO

extension PostgresCompanyDatabase {
    public func masterData(company: String) async throws -> [StoredCompanyRecord] {
        try await client.query(
            """
            SELECT kind, key, remote_id, record, deleted FROM order_company_record
            WHERE company = \(company) AND record IS NOT NULL ORDER BY sequence
            """,
            logger: logger
        ).collect().map { row in
            let (kind, key, remoteID, record, deleted) = try row.decode((String, String?, String, String, Bool).self)
            return StoredCompanyRecord(
                kind: MasterDataKind(rawValue: kind) ?? .customer, key: key ?? remoteID, remoteID: remoteID,
                record: try CompanyJSON.value(SyncRecord.self, from: record), isDeleted: deleted)
        }
    }

    public func reserveRecordNumbers(_ count: Int) async throws -> Int64 {
        let rows = try await client.query(
            """
            INSERT INTO order_company_counter (name, value) VALUES ('record', \(count))
            ON CONFLICT (name) DO UPDATE SET value = order_company_counter.value + \(count) RETURNING value
            """,
            logger: logger
        ).collect()
        return (try rows.first?.decode(Int64.self) ?? Int64(count)) - Int64(count) + 1
    }

    public func apply(_ changes: MasterDataChanges, importing: MasterDataImportCode?, company: String, at date: Date) async throws {
        let importJSON = try importing.map { try CompanyJSON.text($0.records) }
        try await client.transaction(logger: logger) { connection in
            try await Self.requireCompany(company, connection, logger)
            for item in changes.inserts {
                let json = try CompanyJSON.text(item.record)
                let supplierSetAt: Date? = item.record.kind == .product ? date : nil
                let sequence = try await Self.nextSequence(connection, logger)
                try await connection.query(
                    """
                    INSERT INTO order_company_record (company, kind, key, remote_id, record, created_at, updated_at, supplier_set_at, sequence, deleted)
                    VALUES (\(company), \(item.record.kind.rawValue), \(item.key), \(item.remoteID), \(json), \(date), \(date), \(supplierSetAt),
                        \(sequence), false)
                    ON CONFLICT (company, kind, remote_id) DO UPDATE SET key = excluded.key, record = excluded.record,
                        created_at = excluded.created_at, updated_at = excluded.updated_at, supplier_set_at = excluded.supplier_set_at,
                        sequence = excluded.sequence, deleted = false
                    """,
                    logger: logger
                )
            }
            for item in changes.updates {
                let json = try CompanyJSON.text(item.record)
                let sequence = try await Self.nextSequence(connection, logger)
                try await connection.query(
                    """
                    UPDATE order_company_record SET record = \(json), updated_at = \(date), sequence = \(sequence),
                        supplier_set_at = CASE WHEN \(item.supplierChanged) THEN \(date) ELSE supplier_set_at END
                    WHERE company = \(company) AND kind = \(item.record.kind.rawValue) AND remote_id = \(item.remoteID)
                    """,
                    logger: logger
                )
            }
            for item in changes.deletes {
                let sequence = try await Self.nextSequence(connection, logger)
                try await connection.query(
                    """
                    UPDATE order_company_record SET deleted = true, updated_at = \(date), sequence = \(sequence)
                    WHERE company = \(company) AND kind = \(item.kind.rawValue) AND remote_id = \(item.remoteID) AND NOT deleted
                    """,
                    logger: logger
                )
            }
            if let importing, let importJSON {
                try await connection.query(
                    """
                    INSERT INTO order_company_import (code, company, kind, records, created_at)
                    VALUES (\(importing.code), \(company), \(importing.kind.rawValue), \(importJSON), \(date))
                    """,
                    logger: logger
                )
            }
        }
    }

    public func changes(company: String, after cursor: Int64, limit: Int) async throws -> [CompanyChange] {
        try await client.query(
            """
            SELECT kind, remote_id, record, deleted, created_at, updated_at, supplier_set_at, sequence FROM order_company_record
            WHERE company = \(company) AND sequence > \(cursor) ORDER BY sequence LIMIT \(limit)
            """,
            logger: logger
        ).collect().map(Self.change)
    }

    public func latestChangeNumber() async throws -> Int64 {
        let rows = try await client.query("SELECT value FROM order_company_counter WHERE name = 'change'", logger: logger).collect()
        return try rows.first?.decode(Int64.self) ?? 0
    }

    public func changes(company: String, since lastSync: Date) async throws -> [CompanyChange] {
        try await client.query(
            """
            SELECT kind, remote_id, record, deleted, created_at, updated_at, supplier_set_at, sequence FROM order_company_record
            WHERE company = \(company) AND updated_at > \(lastSync) ORDER BY sequence
            """,
            logger: logger
        ).collect().map(Self.change)
    }

    public func importCodes() async throws -> Set<String> {
        Set(try await client.query("SELECT code FROM order_company_import", logger: logger).collect().map { try $0.decode(String.self) })
    }

    public func redeemImport(code: String, company: String) async throws -> (kind: MasterDataKind, records: [CompanyRecord])? {
        // DELETE … RETURNING: of two agents redeeming at once, exactly one gets the records.
        guard let row = try await client.query(
            "DELETE FROM order_company_import WHERE code = \(code) AND company = \(company) RETURNING kind, records", logger: logger
        ).collect().first else { return nil }
        let (kind, records) = try row.decode((String, String).self)
        return (MasterDataKind(rawValue: kind) ?? .customer, try CompanyJSON.value([CompanyRecord].self, from: records))
    }

    /// The next change number. A counter row, not a PostgreSQL sequence: its row lock is held to
    /// the end of the transaction, so numbers become visible in the order they were given, and a
    /// feed reader never passes a number whose change is still to commit (a sequence would let a
    /// later number commit first, and a cursor past it would skip the earlier one for good).
    private static func nextSequence(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int64 {
        let rows = try await connection.query(
            """
            INSERT INTO order_company_counter (name, value) VALUES ('change', 1)
            ON CONFLICT (name) DO UPDATE SET value = order_company_counter.value + 1 RETURNING value
            """,
            logger: logger
        ).collect()
        return try rows.first?.decode(Int64.self) ?? 0
    }

    private static func change(_ row: PostgresRow) throws -> CompanyChange {
        let (kind, remoteID, record, deleted, createdAt, updatedAt, supplierSetAt, sequence) =
            try row.decode((String, String, String?, Bool, Date?, Date, Date?, Int64).self)
        return CompanyChange(
            kind: MasterDataKind(rawValue: kind) ?? .customer, remoteID: remoteID,
            record: try record.map { try CompanyJSON.value(SyncRecord.self, from: $0) }, isDeleted: deleted, createdAt: createdAt ?? updatedAt,
            updatedAt: updatedAt, supplierSetAt: supplierSetAt, sequence: sequence
        )
    }
}
