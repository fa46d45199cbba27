import Foundation
import Logging
import PostgresNIO
import WebCore

/// ``SQLiteSharedState``'s tables in PostgreSQL: the admin sessions (digests only), login
/// throttles' counts and previewed uploads of every `bottega serve` sharing the database, so a
/// balancer may send each request to any of them.
package struct PostgresSharedState: AdminSessionStore, LoginThrottleStore, UploadPreviewStore, JobStatusStore {
    let client: PostgresClient
    let logger: Logger

    // MARK: Admin sessions

    package func insertSession(digest: String, area: String, expiresAt: Date, now: Date) async throws {
        try await client.transaction(logger: logger) { connection in
            try await connection.query("DELETE FROM web_admin_session WHERE expires_at <= \(now)", logger: logger)
            try await connection.query(
                "INSERT INTO web_admin_session (area, digest, expires_at) VALUES (\(area), \(digest), \(expiresAt))", logger: logger
            )
        }
    }

    package func sessionExpiry(digest: String, area: String) async throws -> Date? {
        try await client.query(
            "SELECT expires_at FROM web_admin_session WHERE area = \(area) AND digest = \(digest)", logger: logger
        ).collect().first?.decode(Date.self)
    }

    package func deleteSession(digest: String, area: String) async throws {
        try await client.query("DELETE FROM web_admin_session WHERE area = \(area) AND digest = \(digest)", logger: logger)
    }

    // MARK: Login throttles

    package func throttleState(counts keys: [String], known: String) async throws -> (counts: [String: ThrottleCount], lastLogIn: Date?) {
        try await client.withConnection { connection in try await Self.state(keys, known, connection, logger) }
    }

    package func updateThrottle(
        counts keys: [String], known: String, pruning: ThrottlePruning, _ change: @Sendable (inout [String: ThrottleCount], inout Date?) -> Void
    ) async throws {
        try await client.transaction(logger: logger) { connection in
            // One transaction-scoped lock per count (and the pair's log-in), taken in one order by
            // every server, so two servers counting the same attempt take turns without deadlock.
            for key in Set(keys + ["known:" + known]).sorted() {
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(key)))", logger: logger)
            }
            var (counts, lastLogIn) = try await Self.state(keys, known, connection, logger)
            let before = lastLogIn
            change(&counts, &lastLogIn)
            for key in keys {
                if let count = counts[key] {
                    try await connection.query(
                        """
                        INSERT INTO web_login_count (key, failures, last_failure, closed_until)
                        VALUES (\(key), \(Int32(clamping: count.failures)), \(count.lastFailure), \(count.closedUntil))
                        ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure = excluded.last_failure,
                            closed_until = excluded.closed_until
                        """,
                        logger: logger
                    )
                } else {
                    try await connection.query("DELETE FROM web_login_count WHERE key = \(key)", logger: logger)
                }
            }
            if let lastLogIn, lastLogIn != before {
                try await connection.query(
                    """
                    INSERT INTO web_login_known (pair, last_log_in) VALUES (\(known), \(lastLogIn))
                    ON CONFLICT (pair) DO UPDATE SET last_log_in = excluded.last_log_in
                    """,
                    logger: logger
                )
            }
            try await connection.query("DELETE FROM web_login_count WHERE last_failure < \(pruning.countsBefore)", logger: logger)
            try await connection.query("DELETE FROM web_login_known WHERE last_log_in < \(pruning.logInsBefore)", logger: logger)
        }
    }

    private static func state(
        _ keys: [String], _ known: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> (counts: [String: ThrottleCount], lastLogIn: Date?) {
        var counts: [String: ThrottleCount] = [:]
        if !keys.isEmpty {
            let rows = try await connection.query(
                "SELECT key, failures, last_failure, closed_until FROM web_login_count WHERE key = ANY(\(keys))", logger: logger
            ).collect()
            for row in rows {
                let (key, failures, lastFailure, closedUntil) = try row.decode((String, Int32, Date, Date).self)
                counts[key] = ThrottleCount(failures: Int(failures), lastFailure: lastFailure, closedUntil: closedUntil)
            }
        }
        let lastLogIn = try await connection.query(
            "SELECT last_log_in FROM web_login_known WHERE pair = \(known)", logger: logger
        ).collect().first?.decode(Date.self)
        return (counts, lastLogIn)
    }

    // MARK: Upload previews

    package func keepPreview(token: String, owner: String, payload: Data, at storedAt: Date, expiredBefore: Date, capacity: Int) async throws {
        try await client.transaction(logger: logger) { connection in
            // Servers keeping previews at once take turns, so the capacity holds across them.
            try await connection.query("SELECT pg_advisory_xact_lock(7319400010)", logger: logger)
            try await connection.query("DELETE FROM web_upload_preview WHERE stored_at <= \(expiredBefore)", logger: logger)
            try await connection.query(
                """
                DELETE FROM web_upload_preview WHERE token IN (
                    SELECT token FROM web_upload_preview ORDER BY stored_at DESC, token OFFSET \(max(capacity - 1, 0)))
                """,
                logger: logger
            )
            try await connection.query(
                "INSERT INTO web_upload_preview (token, owner, payload, stored_at) VALUES (\(token), \(owner), \(payload), \(storedAt))", logger: logger
            )
        }
    }

    package func takePreview(token: String, owner: String, expiredBefore: Date) async throws -> Data? {
        // DELETE … RETURNING: of two Apply clicks reaching two servers, exactly one gets the file.
        try await client.query(
            "DELETE FROM web_upload_preview WHERE token = \(token) AND owner = \(owner) AND stored_at > \(expiredBefore) RETURNING payload",
            logger: logger
        ).collect().first?.decode(Data.self)
    }
}

extension PostgresSharedState {
    // MARK: Job statuses

    package func saveJob(id: String, owner: Int64, status: Data, finished: Bool, at now: Date, forgetFinishedBefore: Date) async throws {
        try await client.transaction(logger: logger) { connection in
            try await connection.query("DELETE FROM web_job WHERE finished AND updated_at < \(forgetFinishedBefore)", logger: logger)
            try await connection.query(
                """
                INSERT INTO web_job (id, owner, status, finished, updated_at) VALUES (\(id), \(owner), \(status), \(finished), \(now))
                ON CONFLICT (id) DO UPDATE SET status = excluded.status, finished = excluded.finished, updated_at = excluded.updated_at
                """,
                logger: logger
            )
        }
    }

    package func job(id: String, owner: Int64) async throws -> StoredJob? {
        guard let row = try await client.query(
            "SELECT status, finished, cancel_requested FROM web_job WHERE id = \(id) AND owner = \(owner)", logger: logger
        ).collect().first else { return nil }
        let (status, finished, cancelRequested) = try row.decode((Data, Bool, Bool).self)
        return StoredJob(status: status, finished: finished, cancelRequested: cancelRequested)
    }

    package func requestCancel(id: String, owner: Int64) async throws -> Bool {
        try await !client.query(
            "UPDATE web_job SET cancel_requested = true WHERE id = \(id) AND owner = \(owner) AND NOT finished RETURNING id", logger: logger
        ).collect().isEmpty
    }
}

extension PostgresStorage {
    /// The web's shared state in this database (the tables `web-v1-shared-state` made).
    package var sharedState: PostgresSharedState { PostgresSharedState(client: client, logger: logger) }
}
