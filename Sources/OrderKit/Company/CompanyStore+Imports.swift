import Foundation

extension CompanyStore {
    /// Stores an uploaded file's records in the company's master data and keeps them under a
    /// one-time code for an agent to redeem, in one transaction.
    public func createImport(_ records: [CompanyRecord], kind: MasterDataKind, company: String, code: String) async throws {
        guard !records.isEmpty else { throw CompanyError.emptyImport }
        try await database.createImport(code: code, kind: kind, records: records, company: company, at: now())
    }

    /// The codes in use, so a new one is never a repeat.
    public func importCodes() async throws -> Set<String> {
        try await database.importCodes()
    }

    /// Hands an import's records over once and deletes them, as the thesis required for privacy.
    public func redeemImport(code: String, company: String) async throws -> (kind: MasterDataKind, records: [CompanyRecord]) {
        guard let redeemed = try await database.redeemImport(code: code, company: company) else {
            throw CompanyError.unknownImportCode(code)
        }
        return redeemed
    }

    /// A CSV or XLSX file of `kind` records becomes the company's master data and a one-time
    /// import code. Nothing is stored unless every row is good.
    public func importSpreadsheet(_ bytes: [UInt8], kind: MasterDataKind, company: String) async throws -> SpreadsheetImport {
        let table = try SpreadsheetReader.read(bytes)
        let imported = try MasterDataImport.records(from: table, kind: kind)
        let code = ImportCode.generate(existing: try await importCodes())
        try await createImport(imported.map { CompanyRecord(remoteID: $0.recordID, record: $0.record) }, kind: kind, company: company, code: code)
        return SpreadsheetImport(code: code, kind: kind, recordCount: imported.count, notes: table.notes.map(\.description))
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
