import Foundation
import BarcodeKit
import GRDB

// The rows of BarcodeWalletSchema's tables, one record per table, columns in snake_case.

struct UserRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "barcode_user"
    var id: Int64?
    var nickname: String
    var passwordHash: String?
    var firstName: String
    var lastName: String
    var address: String
    var email: String
    var createdAt: Date
    var paymentNumber: String = ""

    enum CodingKeys: String, CodingKey {
        case id, nickname, address, email
        case passwordHash = "password_hash", firstName = "first_name", lastName = "last_name", createdAt = "created_at"
        case paymentNumber = "payment_number"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var user: WalletUser {
        let id = id ?? 0
        return WalletUser(
            id: id, nickname: nickname, firstName: firstName, lastName: lastName, address: address, email: email,
            isDefault: id == WalletUser.defaultID, paymentNumber: paymentNumber)
    }
}

struct SessionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "barcode_session"
    var tokenDigest: String
    var userID: Int64
    var createdAt: Date
    var expiresAt: Date

    enum CodingKeys: String, CodingKey {
        case tokenDigest = "token_digest", userID = "user_id", createdAt = "created_at", expiresAt = "expires_at"
    }
}

struct CodeRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "barcode_code"
    var id: Int64?
    var format: String
    var text: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

struct LinkRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "barcode_user_code"
    var userID: Int64
    var codeID: Int64
    var description: String?
    var savedAt: Date

    enum CodingKeys: String, CodingKey {
        case description
        case userID = "user_id", codeID = "code_id", savedAt = "saved_at"
    }
}

/// A link with its code and owner, as history and look-ups read it.
struct SavedCodeRow: Decodable, FetchableRecord {
    var codeID: Int64
    var format: String
    var text: String
    var description: String?
    var savedAt: Date
    var userID: Int64
    var nickname: String

    enum CodingKeys: String, CodingKey {
        case format, text, description, nickname
        case codeID = "code_id", savedAt = "saved_at", userID = "user_id"
    }

    /// Columns in CodingKeys' names, joined from the link, its code and its user.
    static let select = """
        SELECT l.code_id, c.format, c.text, l.description, l.saved_at, l.user_id, u.nickname
        FROM barcode_user_code l
        JOIN barcode_code c ON c.id = l.code_id
        JOIN barcode_user u ON u.id = l.user_id
        """

    func saved(for viewerID: Int64) -> SavedCode? {
        guard let format = BarcodeFormat(rawValue: format) else { return nil }
        return SavedCode(
            id: codeID, format: format, text: text, description: description, savedAt: savedAt,
            ownerID: userID, ownerNickname: nickname, isOwn: userID == viewerID)
    }
}
