import Credentials
import Foundation
import GRDB

/// Changing a profile (issue 24): the name, address and e-mail the payment SMS is composed from,
/// and the password, which takes the current one first.
extension WalletStore {
    /// What a profile's owner may change; the nickname stays (it is how others know the profile).
    public struct ProfileChanges: Sendable, Hashable {
        public var firstName, lastName, address, email: String
        /// The payment SMS's number (``PaymentNumber``, blank clears it); nil keeps the stored one.
        public var paymentNumber: String?

        public init(firstName: String, lastName: String, address: String, email: String, paymentNumber: String? = nil) {
            (self.firstName, self.lastName, self.address, self.email) = (firstName, lastName, address, email)
            self.paymentNumber = paymentNumber
        }
    }

    /// Stores the changes, checked as a new profile's fields are; returns the profile as stored.
    @discardableResult
    public func updateProfile(userID: Int64, _ changes: ProfileChanges) throws(WalletError) -> WalletUser {
        guard userID != WalletUser.defaultID else { throw .defaultUser }
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        let (first, last, address, email) = (trimmed(changes.firstName), trimmed(changes.lastName), trimmed(changes.address), trimmed(changes.email))
        try NewProfile.checkText(first, field: "first name", maximum: NewProfile.maximumNameLength)
        try NewProfile.checkText(last, field: "last name", maximum: NewProfile.maximumNameLength)
        try NewProfile.checkText(address, field: "address", maximum: NewProfile.maximumAddressLength)
        try NewProfile.checkEmail(email)
        let number = try changes.paymentNumber.map { (text) throws(WalletError) in try PaymentNumber.normalized(text) }
        return try writing { db in
            guard var row = try UserRow.fetchOne(db, key: userID) else { throw WalletError.notFound("Profile \(userID)") }
            (row.firstName, row.lastName, row.address, row.email) = (first, last, address, email)
            if let number { row.paymentNumber = number }
            try row.update(db)
            return row.user
        }
    }

    /// Replaces the password after checking the current one (a session left open on a shared
    /// phone cannot lock its owner out). Every other session of the profile ends.
    public func changePassword(userID: Int64, current: String, new: String, keepingSession token: String?) throws(WalletError) {
        guard userID != WalletUser.defaultID else { throw .defaultUser }
        let found = try reading { db in try UserRow.fetchOne(db, key: userID) }
        guard let found, let stored = found.passwordHash else {
            hasher.spendVerificationTime(current)
            throw .notFound("Profile \(userID)")
        }
        guard hasher.verify(current, against: stored) else { throw .wrongPassword }
        do {
            try PasswordPolicy.check(new)
        } catch {
            throw .invalidPassword(problem: error.errorDescription ?? error.code)
        }
        let hashed: String
        do { hashed = try hasher.hash(new) } catch { throw .storage(reason: error.errorDescription ?? error.code) }
        let keep = token.map(SessionToken.digest)
        try writing { db in
            guard var row = try UserRow.fetchOne(db, key: userID) else { throw WalletError.notFound("Profile \(userID)") }
            row.passwordHash = hashed
            try row.update(db)
            let others = SessionRow.filter(Column("user_id") == userID)
            try (keep.map { others.filter(Column("token_digest") != $0) } ?? others).deleteAll(db)
        }
    }
}
