import BarcodeKit
import Foundation
import GRDB

extension WalletStore {
    /// Saves a code for `userID` after BarcodeKit accepted it for `format` (``WalletCode``): EAN/UPC
    /// check digits through ``EANUPC``, Code 128 and QR Code by encoding them. The same code saved
    /// by two users is one `barcode_code` row with two links; saving it twice for one user is
    /// refused with the date of the first save.
    public func save(format: BarcodeFormat, text: String, description: String?, userID: Int64) throws(WalletError) -> SavedCode {
        let text = try WalletCode.normalized(text, format: format)
        let description = try Self.cleanDescription(description)
        let savedAt = now()
        return try writing { db in
            guard let owner = try UserRow.fetchOne(db, key: userID) else { throw WalletError.notFound("Profile \(userID)") }
            try db.execute(
                sql: "INSERT INTO barcode_code (format, text) VALUES (?, ?) ON CONFLICT (format, text) DO NOTHING",
                arguments: [format.rawValue, text])
            guard let codeID = try Int64.fetchOne(
                db, sql: "SELECT id FROM barcode_code WHERE format = ? AND text = ?", arguments: [format.rawValue, text])
            else { throw WalletError.storage(reason: "the code was not stored") }
            if let earlier = try LinkRow.fetchOne(db, key: ["user_id": userID, "code_id": codeID]) {
                throw WalletError.duplicate(format: format, text: text, savedAt: earlier.savedAt)
            }
            try LinkRow(userID: userID, codeID: codeID, description: description, savedAt: savedAt).insert(db)
            return SavedCode(
                id: codeID, format: format, text: text, description: description, savedAt: savedAt,
                ownerID: userID, ownerNickname: owner.nickname, isOwn: true)
        }
    }

    /// The user's codes and the default user's, newest first (the default user sees only its own).
    /// A code both saved appears once, as the user's own, with the user's description.
    public func history(for userID: Int64) -> [SavedCode] {
        let rows = (try? database.read { db in
            try SavedCodeRow.fetchAll(
                db, sql: SavedCodeRow.select + " WHERE l.user_id IN (?, ?) ORDER BY l.saved_at DESC, l.code_id DESC",
                arguments: [userID, WalletUser.defaultID])
        }) ?? []
        let own = Set(rows.filter { $0.userID == userID }.map(\.codeID))
        return rows.filter { $0.userID == userID || !own.contains($0.codeID) }.compactMap { $0.saved(for: userID) }
    }

    /// The code `id` as `userID` may see it: saved by them or by the default user (theirs first).
    /// `nil` otherwise, so one user cannot read another's codes by guessing ids.
    public func savedCode(id: Int64, for userID: Int64) -> SavedCode? {
        let rows = (try? database.read { db in
            try SavedCodeRow.fetchAll(
                db, sql: SavedCodeRow.select + " WHERE l.code_id = ? AND l.user_id IN (?, ?)",
                arguments: [id, userID, WalletUser.defaultID])
        }) ?? []
        let row = rows.first { $0.userID == userID } ?? rows.first
        return row?.saved(for: userID)
    }

    /// Removes `userID`'s own link to the code; the code itself goes once nobody links to it.
    /// "not yours" when others saved it but this user did not, "not found" when it does not exist.
    public func delete(codeID: Int64, by userID: Int64) throws(WalletError) {
        try writing { db in
            guard try LinkRow.deleteOne(db, key: ["user_id": userID, "code_id": codeID]) else {
                if try CodeRow.exists(db, key: codeID) { throw WalletError.notYours(codeID: codeID) }
                throw WalletError.notFound("Code \(codeID)")
            }
            try Self.deleteUnlinkedCodes([codeID], db)
        }
    }

    /// Deletes those of `codeIDs` that no user links to any more, keeping the rule that every
    /// `barcode_code` row belongs to someone.
    static func deleteUnlinkedCodes(_ codeIDs: [Int64], _ db: Database) throws {
        // 500 at a time stays far below SQLite's limit on bound parameters.
        for start in stride(from: 0, to: codeIDs.count, by: 500) {
            let chunk = Array(codeIDs[start..<min(start + 500, codeIDs.count)])
            try CodeRow.filter(keys: chunk)
                .filter(sql: "NOT EXISTS (SELECT 1 FROM barcode_user_code l WHERE l.code_id = barcode_code.id)")
                .deleteAll(db)
        }
    }

    /// `nil` for no description or only spaces; otherwise trimmed and at most
    /// ``SavedCode/maximumDescriptionLength`` characters.
    static func cleanDescription(_ description: String?) throws(WalletError) -> String? {
        guard let trimmed = description?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= SavedCode.maximumDescriptionLength else {
            throw .invalidDescription(problem: "has \(trimmed.count) characters; shorten it to at most \(SavedCode.maximumDescriptionLength)")
        }
        return trimmed
    }
}
