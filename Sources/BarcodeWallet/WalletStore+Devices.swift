import BarcodeKit
import Foundation
import GRDB

/// A visitor's own codes, kept for their browser until they log in (issue 24): the shared
/// wallet everyone sees is read-only for visitors, so what a visitor saves goes to a hidden
/// profile of their device, which nobody can log in to and which nobody else sees.
extension WalletStore {
    /// Device profiles' nicknames start with `~`, which a real nickname cannot contain
    /// (``NewProfile/checkNickname(_:)``), so the two never meet.
    static let devicePrefix = "~device-"

    /// The hidden profile of the device whose key is `deviceKey` (a digest of its cookie),
    /// created on first use.
    public func deviceUser(deviceKey: String) throws(WalletError) -> WalletUser {
        let nickname = Self.devicePrefix + String(deviceKey.filter { $0.isHexDigit }.prefix(32))
        let createdAt = now()
        return try writing { db in
            if let row = try UserRow.filter(Column("nickname") == nickname).fetchOne(db) { return row.user }
            var row = UserRow(
                id: nil, nickname: nickname, passwordHash: nil, firstName: "", lastName: "", address: "", email: "", createdAt: createdAt)
            try row.insert(db)
            return row.user
        }
    }

    /// Gives a device's codes to the profile that just logged in on it, and forgets the device's
    /// hidden profile; returns how many codes moved.
    @discardableResult
    public func claimDevice(deviceKey: String, into userID: Int64) throws(WalletError) -> Int {
        let nickname = Self.devicePrefix + String(deviceKey.filter { $0.isHexDigit }.prefix(32))
        return try writing { db in
            guard let device = try UserRow.filter(Column("nickname") == nickname).fetchOne(db), let deviceID = device.id, deviceID != userID else { return 0 }
            try db.execute(sql: """
                INSERT OR IGNORE INTO barcode_user_code (user_id, code_id, description, saved_at)
                SELECT ?, code_id, description, saved_at FROM barcode_user_code WHERE user_id = ?
                """, arguments: [userID, deviceID])
            let moved = db.changesCount
            try LinkRow.filter(Column("user_id") == deviceID).deleteAll(db)
            try UserRow.deleteOne(db, key: deviceID)
            return moved
        }
    }

    /// Saves a code everyone sees (the shared wallet): the server's operator only, from the
    /// command line (`bottega barcode share`), never a visitor.
    @discardableResult
    public func share(format: BarcodeFormat, text: String, description: String?) throws(WalletError) -> SavedCode {
        try save(format: format, text: text, description: description, userID: WalletUser.defaultID)
    }
}

extension WalletUser {
    /// A device's hidden profile (``WalletStore/deviceUser(deviceKey:)``).
    public var isDevice: Bool { nickname.hasPrefix(WalletStore.devicePrefix) }
}

extension WalletStore {
    /// The hidden profile of a device that saved before; nil when it has none (nothing is made).
    public func existingDeviceUser(deviceKey: String) throws(WalletError) -> WalletUser? {
        let nickname = Self.devicePrefix + String(deviceKey.filter { $0.isHexDigit }.prefix(32))
        return try reading { db in try UserRow.filter(Column("nickname") == nickname).fetchOne(db)?.user }
    }
}
