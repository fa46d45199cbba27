import Foundation
import Logging
import OrderKit
import PostgresNIO

extension PostgresCompanyDatabase {
    public func upsert(_ records: [CompanyRecord], company: String, at updatedAt: Date) async throws {
        try await client.transaction(logger: logger) { connection in
            try await Self.upsert(records, company: company, at: updatedAt, connection, logger)
        }
    }

    public func deleteRecord(kind: MasterDataKind, remoteID: String, company: String, at deletedAt: Date) async throws {
        try await client.transaction(logger: logger) { connection in
            let sequence = try await Self.nextSequence(connection, logger)
            try await connection.query(
                """
                UPDATE order_company_record SET record = NULL, deleted = true, updated_at = \(deletedAt), sequence = \(sequence)
                WHERE company = \(company) AND kind = \(kind.rawValue) AND remote_id = \(remoteID) AND NOT deleted
                """,
                logger: logger
            )
        }
    }

    public func changes(company: String, after cursor: Int64, limit: Int) async throws -> [CompanyChange] {
        try await client.query(
            """
            SELECT kind, remote_id, record, updated_at, sequence FROM order_company_record
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
            SELECT kind, remote_id, record, updated_at, sequence FROM order_company_record
            WHERE company = \(company) AND updated_at > \(lastSync) ORDER BY sequence
            """,
            logger: logger
        ).collect().map(Self.change)
    }

    public func createImport(code: String, kind: MasterDataKind, records: [CompanyRecord], company: String, at createdAt: Date) async throws {
        let json = try CompanyJSON.text(records)
        try await client.transaction(logger: logger) { connection in
            try await Self.upsert(records, company: company, at: createdAt, connection, logger)
            try await connection.query(
                "INSERT INTO order_company_import (code, company, kind, records, created_at) VALUES (\(code), \(company), \(kind.rawValue), \(json), \(createdAt))",
                logger: logger
            )
        }
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

    private static func upsert(_ records: [CompanyRecord], company: String, at updatedAt: Date, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await requireCompany(company, connection, logger)
        for item in records {
            let json = try CompanyJSON.text(item.record)
            let sequence = try await nextSequence(connection, logger)
            try await connection.query(
                """
                INSERT INTO order_company_record (company, kind, remote_id, record, updated_at, sequence, deleted)
                VALUES (\(company), \(item.record.kind.rawValue), \(item.remoteID), \(json), \(updatedAt), \(sequence), false)
                ON CONFLICT (company, kind, remote_id) DO UPDATE SET record = excluded.record, updated_at = excluded.updated_at,
                    sequence = excluded.sequence, deleted = false
                """,
                logger: logger
            )
        }
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
        let (kind, remoteID, record, updatedAt, sequence) = try row.decode((String, String, String?, Date, Int64).self)
        return CompanyChange(
            kind: MasterDataKind(rawValue: kind) ?? .customer, remoteID: remoteID,
            record: try record.map { try CompanyJSON.value(SyncRecord.self, from: $0) }, updatedAt: updatedAt, sequence: sequence
        )
    }
}
