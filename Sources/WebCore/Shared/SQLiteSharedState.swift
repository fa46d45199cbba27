import Foundation
import GRDB

/// What every `bottega serve` on one database must see alike — admin sessions, login throttles'
/// counts, uploads waiting for "Apply" — in the SQLite file (the default). Its PostgreSQL twin
/// (`PostgresSharedState`) has the same tables for servers behind a balancer.
package struct SQLiteSharedState: AdminSessionStore, LoginThrottleStore, UploadPreviewStore, JobStatusStore {
    let database: any DatabaseWriter

    /// Migrates the tables (``migrator``) in `database`.
    package init(database: any DatabaseWriter) throws {
        self.database = database
        try Self.migrator.migrate(database)
    }

    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // Moved out of each process's memory (issue 40, part 6): behind a balancer a cookie, a
        // count of wrong passwords or a previewed upload must be the same on every server.
        migrator.registerMigration("web-v1-shared-state") { db in
            try db.create(table: "web_admin_session") { table in
                table.column("area", .text).notNull()
                // SHA-256 of the cookie's token (``SessionToken/digest(_:)``), never the token.
                table.column("digest", .text).notNull()
                table.column("expiresAt", .datetime).notNull().indexed()
                table.primaryKey(["area", "digest"])
            }
            try db.create(table: "web_login_count") { table in
                table.primaryKey("key", .text)
                table.column("failures", .integer).notNull()
                table.column("lastFailure", .datetime).notNull().indexed()
                table.column("closedUntil", .datetime).notNull()
            }
            try db.create(table: "web_login_known") { table in
                table.primaryKey("pair", .text)
                table.column("lastLogIn", .datetime).notNull().indexed()
            }
            try db.create(table: "web_upload_preview") { table in
                table.primaryKey("token", .text)
                table.column("owner", .text).notNull()
                table.column("payload", .blob).notNull()
                table.column("storedAt", .datetime).notNull().indexed()
            }
            // A background job runs in the process that started it; its status is here for all.
            try db.create(table: "web_job") { table in
                table.primaryKey("id", .text)
                table.column("owner", .integer).notNull()
                table.column("status", .blob).notNull()
                table.column("finished", .boolean).notNull()
                table.column("cancelRequested", .boolean).notNull().defaults(to: false)
                table.column("updatedAt", .datetime).notNull().indexed()
            }
        }
        return migrator
    }

    // MARK: Admin sessions

    package func insertSession(digest: String, area: String, expiresAt: Date, now: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM web_admin_session WHERE expiresAt <= ?", arguments: [now])
            try db.execute(sql: "INSERT INTO web_admin_session (area, digest, expiresAt) VALUES (?, ?, ?)", arguments: [area, digest, expiresAt])
        }
    }

    package func sessionExpiry(digest: String, area: String) async throws -> Date? {
        try await database.read { db in
            try Date.fetchOne(db, sql: "SELECT expiresAt FROM web_admin_session WHERE area = ? AND digest = ?", arguments: [area, digest])
        }
    }

    package func deleteSession(digest: String, area: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM web_admin_session WHERE area = ? AND digest = ?", arguments: [area, digest])
        }
    }

    // MARK: Login throttles

    package func throttleState(counts keys: [String], known: String) async throws -> (counts: [String: ThrottleCount], lastLogIn: Date?) {
        try await database.read { db in try Self.state(keys, known, db) }
    }

    package func updateThrottle(
        counts keys: [String], known: String, pruning: ThrottlePruning, _ change: @Sendable (inout [String: ThrottleCount], inout Date?) -> Void
    ) async throws {
        try await database.write { db in
            var (counts, lastLogIn) = try Self.state(keys, known, db)
            let before = lastLogIn
            change(&counts, &lastLogIn)
            for key in keys {
                if let count = counts[key] {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO web_login_count (key, failures, lastFailure, closedUntil) VALUES (?, ?, ?, ?)",
                        arguments: [key, count.failures, count.lastFailure, count.closedUntil])
                } else {
                    try db.execute(sql: "DELETE FROM web_login_count WHERE key = ?", arguments: [key])
                }
            }
            if let lastLogIn, lastLogIn != before {
                try db.execute(sql: "INSERT OR REPLACE INTO web_login_known (pair, lastLogIn) VALUES (?, ?)", arguments: [known, lastLogIn])
            }
            try db.execute(sql: "DELETE FROM web_login_count WHERE lastFailure < ?", arguments: [pruning.countsBefore])
            try db.execute(sql: "DELETE FROM web_login_known WHERE lastLogIn < ?", arguments: [pruning.logInsBefore])
        }
    }

    private static func state(_ keys: [String], _ known: String, _ db: Database) throws -> (counts: [String: ThrottleCount], lastLogIn: Date?) {
        var counts: [String: ThrottleCount] = [:]
        for key in keys {
            if let row = try Row.fetchOne(db, sql: "SELECT failures, lastFailure, closedUntil FROM web_login_count WHERE key = ?", arguments: [key]) {
                counts[key] = ThrottleCount(failures: row["failures"], lastFailure: row["lastFailure"], closedUntil: row["closedUntil"])
            }
        }
        return (counts, try Date.fetchOne(db, sql: "SELECT lastLogIn FROM web_login_known WHERE pair = ?", arguments: [known]))
    }

    // MARK: Upload previews

    package func keepPreview(token: String, owner: String, payload: Data, at storedAt: Date, expiredBefore: Date, capacity: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM web_upload_preview WHERE storedAt <= ?", arguments: [expiredBefore])
            try db.execute(
                sql: """
                    DELETE FROM web_upload_preview WHERE token IN (
                        SELECT token FROM web_upload_preview ORDER BY storedAt DESC, token LIMIT -1 OFFSET ?)
                    """,
                arguments: [max(capacity - 1, 0)])
            try db.execute(
                sql: "INSERT INTO web_upload_preview (token, owner, payload, storedAt) VALUES (?, ?, ?, ?)", arguments: [token, owner, payload, storedAt])
        }
    }

    package func takePreview(token: String, owner: String, expiredBefore: Date) async throws -> Data? {
        try await database.write { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT payload FROM web_upload_preview WHERE token = ? AND owner = ? AND storedAt > ?", arguments: [token, owner, expiredBefore]
            ) else { return nil }
            try db.execute(sql: "DELETE FROM web_upload_preview WHERE token = ?", arguments: [token])
            return row["payload"]
        }
    }

    // MARK: Job statuses

    package func saveJob(id: String, owner: Int64, status: Data, finished: Bool, at now: Date, forgetFinishedBefore: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM web_job WHERE finished AND updatedAt < ?", arguments: [forgetFinishedBefore])
            try db.execute(
                sql: """
                    INSERT INTO web_job (id, owner, status, finished, updatedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET status = excluded.status, finished = excluded.finished, updatedAt = excluded.updatedAt
                    """,
                arguments: [id, owner, status, finished, now])
        }
    }

    package func job(id: String, owner: Int64) async throws -> StoredJob? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT status, finished, cancelRequested FROM web_job WHERE id = ? AND owner = ?", arguments: [id, owner]).map {
                StoredJob(status: $0["status"], finished: $0["finished"], cancelRequested: $0["cancelRequested"])
            }
        }
    }

    package func requestCancel(id: String, owner: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE web_job SET cancelRequested = 1 WHERE id = ? AND owner = ? AND NOT finished", arguments: [id, owner])
            return db.changesCount > 0
        }
    }
}
