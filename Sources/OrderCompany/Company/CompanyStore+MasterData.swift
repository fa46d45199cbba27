import OrderKit
import Foundation

/// A master-data record as an upload hands it to the company: its key and its state, with
/// references as idAzienda values; and, once stored, its idAzienda (`remoteID`).
public struct CompanyRecord: Sendable, Hashable, Codable {
    public var remoteID: String
    public var record: SyncRecord

    public init(remoteID: String, record: SyncRecord) {
        self.remoteID = remoteID
        self.record = record
    }
}

/// What an upload will change, shown before it is applied: n new, n changed, n removed.
public struct MasterDataUploadPreview: Sendable, Hashable {
    public var kind: MasterDataKind
    public var isWholeList: Bool
    public var changes: MasterDataChanges
    public var unchanged: Int
    /// The records read from the sheet, with references resolved.
    public var imported: [ImportedRecord]
    /// What the reader noticed (another sheet ignored, a Windows-1252 file …).
    public var notes: [String]

    public var newCount: Int { changes.inserts.count }
    public var changedCount: Int { changes.updates.count }
    /// Records removed, of the uploaded kind and of the kinds that depended on them.
    public var removedCount: Int { changes.deletes.count }
    public var removedOfOtherKinds: Int { changes.deletes.filter { $0.kind != kind }.count }
}

extension CompanyStore {
    /// Every live master-data record of the company.
    public func masterData(company: String) async throws -> [StoredCompanyRecord] {
        try await database.masterData(company: company).filter { !$0.isDeleted }
    }

    /// What uploading `bytes` (a CSV or XLSX sheet of `kind`) would change, without changing
    /// anything. References are checked against the company's records, every bad cell named by
    /// row and column (`MasterDataImportError.invalidCells`).
    /// `supplier` names the supplier of a products sheet without a supplier column.
    public func previewUpload(
        _ bytes: [UInt8], kind: MasterDataKind, company: String, isWholeList: Bool, supplier: String? = nil
    ) async throws -> MasterDataUploadPreview {
        guard try await database.company(code: company) != nil else { throw CompanyError.unknownCompany(company) }
        let table = try SpreadsheetReader.read(bytes)
        let stored = try await database.masterData(company: company)
        let imported = try MasterDataImport.records(from: table, kind: kind, references: MasterDataReferences(stored: stored), supplier: supplier)
        var placeholder = 0
        let plan = MasterDataPlanner.changes(uploading: imported, kind: kind, isWholeList: isWholeList, stored: stored) {
            placeholder += 1
            return "new-\(placeholder)"
        }
        return MasterDataUploadPreview(
            kind: kind, isWholeList: isWholeList, changes: plan.changes, unchanged: plan.unchanged, imported: imported,
            notes: table.notes.map(\.description))
    }

    /// Uploads a sheet: matching records are updated, new ones added, and with `isWholeList` the
    /// missing ones deleted (with what depends on them); the sheet's records are also kept under
    /// a new one-time import code. Nothing is stored unless every row is good. The plan is made
    /// again against the records as they are now, so a preview shown earlier cannot apply stale.
    public func importSpreadsheet(
        _ bytes: [UInt8], kind: MasterDataKind, company: String, isWholeList: Bool = false, supplier: String? = nil
    ) async throws -> SpreadsheetImport {
        let preview = try await previewUpload(bytes, kind: kind, company: company, isWholeList: isWholeList, supplier: supplier)
        let stored = try await database.masterData(company: company)
        let changes = try await assigningRemoteIDs(
            MasterDataPlanner.changes(uploading: preview.imported, kind: kind, isWholeList: isWholeList, stored: stored) { "" }.changes)
        let remoteIDOfKey = Dictionary(
            stored.filter { $0.kind == kind }.map { ($0.key, $0.remoteID) } + changes.inserts.map { ($0.key, $0.remoteID) },
            uniquingKeysWith: { _, new in new })
        let records = preview.imported.compactMap { item in remoteIDOfKey[item.key].map { CompanyRecord(remoteID: $0, record: item.record) } }
        let code = ImportCode.generate(existing: try await importCodes())
        try await database.apply(changes, importing: MasterDataImportCode(code: code, kind: kind, records: records), company: company, at: now())
        return SpreadsheetImport(
            code: code, kind: kind, recordCount: preview.imported.count, notes: preview.notes, inserted: changes.inserts.count,
            updated: changes.updates.count, unchanged: preview.unchanged, deleted: changes.deletes.count)
    }

    /// Adds or replaces records given with their keys (a program's upload rather than a sheet);
    /// references inside them must already be idAzienda values.
    @discardableResult
    public func upsert(_ records: [(key: String, record: SyncRecord)], company: String) async throws -> [String] {
        guard try await database.company(code: company) != nil else { throw CompanyError.unknownCompany(company) }
        let stored = try await database.masterData(company: company)
        var changes = MasterDataChanges()
        for kind in MasterDataKind.dependencyOrder {
            let ofKind = records.enumerated().filter { $0.element.record.kind == kind }
            let imported = ofKind.map { ImportedRecord(key: $0.element.key, rowNumber: $0.offset + 1, record: $0.element.record) }
            let plan = MasterDataPlanner.changes(uploading: imported, kind: kind, isWholeList: false, stored: stored) { "" }
            changes.inserts += plan.changes.inserts
            changes.updates += plan.changes.updates
        }
        changes = try await assigningRemoteIDs(changes)
        try await database.apply(changes, importing: nil, company: company, at: now())
        var remoteIDs: [MasterDataKind: [String: String]] = [:]
        for item in try await database.masterData(company: company) where !item.isDeleted { remoteIDs[item.kind, default: [:]][item.key] = item.remoteID }
        return records.map { item in remoteIDs[item.record.kind]?[item.key] ?? "" }
    }

    /// Deletes one record and what depends on it; agents are told at their next sync. Returns
    /// how many records went.
    @discardableResult
    public func deleteRecord(kind: MasterDataKind, remoteID: String, company: String) async throws -> Int {
        let stored = try await database.masterData(company: company)
        guard stored.contains(where: { $0.kind == kind && $0.remoteID == remoteID && !$0.isDeleted }) else {
            throw CompanyError.unknownRecord(kind: kind, remoteID: remoteID)
        }
        let deletes = MasterDataPlanner.deletions(of: kind, remoteIDs: [remoteID], stored: stored)
        try await database.apply(MasterDataChanges(deletes: deletes), importing: nil, company: company, at: now())
        return deletes.count
    }

    /// Deletes every record of `kind` and what depends on them. Returns how many went.
    @discardableResult
    public func deleteAll(kind: MasterDataKind, company: String) async throws -> Int {
        let stored = try await database.masterData(company: company)
        let ids = Set(stored.filter { $0.kind == kind && !$0.isDeleted }.map(\.remoteID))
        let deletes = MasterDataPlanner.deletions(of: kind, remoteIDs: ids, stored: stored)
        try await database.apply(MasterDataChanges(deletes: deletes), importing: nil, company: company, at: now())
        return deletes.count
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

    /// Gives every insert without an idAzienda (`""`) a new number.
    private func assigningRemoteIDs(_ changes: MasterDataChanges) async throws -> MasterDataChanges {
        var changes = changes
        let needing = changes.inserts.indices.filter { changes.inserts[$0].remoteID.isEmpty }
        guard !needing.isEmpty else { return changes }
        var next = try await database.reserveRecordNumbers(needing.count)
        for index in needing {
            changes.inserts[index].remoteID = String(next)
            next += 1
        }
        return changes
    }
}
