import Credentials
import Foundation
import GRDB

/// The barcode wallet's profiles, sessions and saved codes, in SQLite through GRDB.
///
/// Every change is one transaction: a crash loses nothing committed and leaves nothing half
/// written. Passwords are hashed (slowly, on purpose) before a write transaction starts, so a
/// log-in never holds the database's write lock while scrypt runs.
///
/// Reads that the screens need for every request (``user(forSession:)``, ``history(for:)``,
/// ``savedCode(id:for:)``) do not throw: a database failure reads as "not logged in", an empty
/// history or "not found", which fails closed — no one sees more than they should.
public struct WalletStore: Sendable {
    public let database: any DatabaseWriter
    public let hasher: PasswordHasher
    /// The clock, replaceable so tests can expire sessions.
    public var now: @Sendable () -> Date

    /// Migrates `database` to the wallet's schema (``BarcodeWalletSchema``).
    public init(database: any DatabaseWriter, hasher: PasswordHasher = .init(), now: @escaping @Sendable () -> Date = Date.init) throws {
        self.database = database
        self.hasher = hasher
        self.now = now
        try BarcodeWalletSchema.migrator.migrate(database)
    }


    /// The built-in user, who you are when logged out; its codes are visible to everyone.
    public var defaultUser: WalletUser { .builtInDefault }

    // MARK: Profiles

    /// Creates a profile after ``NewProfile/validated()``; the password is stored only as
    /// ``PasswordHasher``'s salted hash (the Padova thesis stored it in plain text).
    public func register(_ profile: NewProfile) throws(WalletError) -> WalletUser {
        let profile = try profile.validated()
        let stored: String
        do {
            stored = try hasher.hash(profile.password)
        } catch {
            throw .storage(reason: error.errorDescription ?? error.code)
        }
        let createdAt = now()
        return try writing { db in
            // The column's NOCASE collation makes this comparison ignore case.
            if try UserRow.filter(Column("nickname") == profile.nickname).fetchCount(db) > 0 {
                throw WalletError.nicknameTaken(profile.nickname)
            }
            var row = UserRow(
                id: nil, nickname: profile.nickname, passwordHash: stored, firstName: profile.firstName,
                lastName: profile.lastName, address: profile.address, email: profile.email, createdAt: createdAt,
                paymentNumber: profile.paymentNumber)
            do {
                try row.insert(db)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                // Another process registered the nickname between the check and the insert.
                throw WalletError.nicknameTaken(profile.nickname)
            }
            return row.user
        }
    }

    /// Checks the password and opens a session of ``WalletSession/lifetime``. An unknown nickname
    /// and a wrong password give the same error after the same work, so neither the answer nor its
    /// timing tells which nicknames exist. A hash made with another cost than ``hasher``'s is
    /// replaced, now that the password is known.
    public func logIn(nickname: String, password: String) throws(WalletError) -> WalletSession {
        let nickname = nickname.trimmingCharacters(in: .whitespacesAndNewlines)
        let found = try reading { db in try UserRow.filter(Column("nickname") == nickname).fetchOne(db) }
        guard let found, let userID = found.id, let stored = found.passwordHash else {
            hasher.spendVerificationTime(password)
            throw .wrongPassword
        }
        guard hasher.verify(password, against: stored) else { throw .wrongPassword }
        let rehashed = hasher.needsRehash(stored) ? try? hasher.hash(password) : nil

        let token = SessionToken.generate()
        let createdAt = now()
        let session = SessionRow(
            tokenDigest: SessionToken.digest(token), userID: userID, createdAt: createdAt,
            expiresAt: createdAt.addingTimeInterval(WalletSession.lifetime))
        try writing { db in
            try session.insert(db)
            // The user's expired sessions go now; others' go with deleteExpiredSessions().
            try SessionRow.filter(Column("user_id") == userID && Column("expires_at") <= createdAt).deleteAll(db)
            if let rehashed {
                // Only if the hash is still the one verified: a password changed meanwhile wins.
                try db.execute(
                    sql: "UPDATE barcode_user SET password_hash = ? WHERE id = ? AND password_hash = ?",
                    arguments: [rehashed, userID, stored])
            }
        }
        return WalletSession(token: token, user: found.user, expires: session.expiresAt)
    }

    /// The user a session cookie's token belongs to; `nil` when the token is unknown, logged out
    /// or expired (or the database cannot be read).
    public func user(forSession token: String) -> WalletUser? {
        guard !token.isEmpty else { return nil }
        let digest = SessionToken.digest(token)
        let moment = now()
        return try? database.read { db in
            try UserRow.fetchOne(
                db,
                sql: """
                    SELECT u.* FROM barcode_session s JOIN barcode_user u ON u.id = s.user_id
                    WHERE s.token_digest = ? AND s.expires_at > ?
                    """,
                arguments: [digest, moment])?.user
        }
    }

    /// Ends the session; returns whether there was one. The token is useless afterwards even to
    /// someone who copied the cookie.
    @discardableResult
    public func logOut(token: String) -> Bool {
        let digest = SessionToken.digest(token)
        return (try? database.write { db in try SessionRow.deleteOne(db, key: digest) }) ?? false
    }

    /// Deletes every expired session; returns how many. Expired sessions are already refused,
    /// so this only keeps the table small (a user's own go at each of their log-ins).
    @discardableResult
    public func deleteExpiredSessions() throws(WalletError) -> Int {
        let moment = now()
        return try writing { db in try SessionRow.filter(Column("expires_at") <= moment).deleteAll(db) }
    }

    /// Deletes a profile after checking its password, with its sessions, its links to codes, and
    /// the codes no one else saved. The default user is refused.
    public func deleteProfile(userID: Int64, password: String) throws(WalletError) {
        guard userID != WalletUser.defaultID else { throw .defaultUser }
        let found = try reading { db in try UserRow.fetchOne(db, key: userID) }
        guard let found else {
            hasher.spendVerificationTime(password)
            throw .notFound("Profile \(userID)")
        }
        guard let stored = found.passwordHash, hasher.verify(password, against: stored) else { throw .wrongPassword }
        try writing { db in
            let codeIDs = try Int64.fetchAll(db, sql: "SELECT code_id FROM barcode_user_code WHERE user_id = ?", arguments: [userID])
            // Foreign keys cascade these too; deleting them explicitly keeps the rule true on a
            // connection opened without foreign keys.
            try LinkRow.filter(Column("user_id") == userID).deleteAll(db)
            try SessionRow.filter(Column("user_id") == userID).deleteAll(db)
            try UserRow.deleteOne(db, key: userID)
            try Self.deleteUnlinkedCodes(codeIDs, db)
        }
    }

    // MARK: Transactions with typed errors

    /// `body` in one write transaction; a `WalletError` it throws passes through, anything else
    /// (SQLite's errors) becomes ``WalletError/storage(reason:)``.
    @discardableResult
    func writing<T>(_ body: (Database) throws -> T) throws(WalletError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw Self.walletError(error)
        }
    }

    func reading<T>(_ body: (Database) throws -> T) throws(WalletError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw Self.walletError(error)
        }
    }

    private static func walletError(_ error: any Error) -> WalletError {
        if let error = error as? WalletError { return error }
        if let error = error as? DatabaseError { return .storage(reason: error.message ?? "SQLite error \(error.resultCode.rawValue)") }
        return .storage(reason: String(describing: error))
    }
}
