import OrderKit
import Foundation

extension CompanyStore {
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
    /// New records, changed ones, ones that were already so, and records deleted (of this kind
    /// and the ones that depended on them).
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int
    public var deleted: Int
}
