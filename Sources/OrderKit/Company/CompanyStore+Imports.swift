import Foundation
import GRDB

extension CompanyStore {
    /// Stores an uploaded file's records in the company's master data and keeps them under a
    /// one-time code for an agent to redeem.
    public func createImport(_ records: [CompanyRecord], kind: MasterDataKind, company: String, code: String) throws {
        guard !records.isEmpty else { throw CompanyError.emptyImport }
        try upsert(records, company: company)
        let json = String(decoding: try JSONEncoder().encode(records), as: UTF8.self)
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO order_company_import (code, company, kind, records, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [code, company, kind.rawValue, json, now()]
            )
        }
    }

    /// The codes in use, so a new one is never a repeat.
    public func importCodes() throws -> Set<String> {
        try database.read { db in Set(try String.fetchAll(db, sql: "SELECT code FROM order_company_import")) }
    }

    /// Hands an import's records over once and deletes them, as the thesis required for privacy.
    public func redeemImport(code: String, company: String) throws -> (kind: MasterDataKind, records: [CompanyRecord]) {
        try database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT kind, records FROM order_company_import WHERE code = ? AND company = ?", arguments: [code, company]) else {
                throw CompanyError.unknownImportCode(code)
            }
            try db.execute(sql: "DELETE FROM order_company_import WHERE code = ?", arguments: [code])
            let records = try JSONDecoder().decode([CompanyRecord].self, from: Data((row["records"] as String).utf8))
            return (MasterDataKind(rawValue: row["kind"]) ?? .customer, records)
        }
    }
}

/// What an uploaded spreadsheet became.
public struct SpreadsheetImport: Sendable, Hashable {
    /// The 6-letter code the agent types to receive it.
    public var code: String
    public var kind: MasterDataKind
    public var recordCount: Int
    /// What the reader noticed and the user should know (another sheet ignored, dates as
    /// serial numbers, a Windows-1252 file).
    public var notes: [String]
}

extension CompanyStore {
    /// A CSV or XLSX file of `kind` records becomes the company's master data and a one-time
    /// import code. Nothing is stored unless every row is good.
    public func importSpreadsheet(_ bytes: [UInt8], kind: MasterDataKind, company: String) throws -> SpreadsheetImport {
        let table = try SpreadsheetReader.read(bytes)
        let imported = try MasterDataImport.records(from: table, kind: kind)
        let code = ImportCode.generate(existing: try importCodes())
        try createImport(imported.map { CompanyRecord(remoteID: $0.recordID, record: $0.record) }, kind: kind, company: company, code: code)
        return SpreadsheetImport(code: code, kind: kind, recordCount: imported.count, notes: table.notes.map(\.description))
    }
}
