import Foundation
import Synchronization

/// Where ``AdminSessions`` keeps its sessions: in the database (``SQLiteSharedState``, or
/// PostgreSQL for servers behind a balancer), so a cookie made by one `bottega serve` works on
/// every other that shares the database and survives a restart. Only a token's digest
/// (``SessionToken/digest(_:)``) is ever stored: a copy of the database is not a key.
package protocol AdminSessionStore: Sendable {
    /// Keeps a session of `area` (the admin area's cookie name) until `expiresAt`, and forgets
    /// every session expired at `now`.
    func insertSession(digest: String, area: String, expiresAt: Date, now: Date) async throws
    /// When the session ends; nil when there is no such session in `area`.
    func sessionExpiry(digest: String, area: String) async throws -> Date?
    func deleteSession(digest: String, area: String) async throws
}

/// Sessions in this process only: for tests and programs without a database.
package final class MemoryAdminSessionStore: AdminSessionStore {
    private let expiries = Mutex<[String: Date]>([:])

    package init() {}

    package func insertSession(digest: String, area: String, expiresAt: Date, now: Date) async throws {
        expiries.withLock { expiries in
            expiries = expiries.filter { $0.value > now }
            expiries[area + " " + digest] = expiresAt
        }
    }

    package func sessionExpiry(digest: String, area: String) async throws -> Date? {
        expiries.withLock { $0[area + " " + digest] }
    }

    package func deleteSession(digest: String, area: String) async throws {
        _ = expiries.withLock { $0.removeValue(forKey: area + " " + digest) }
    }
}
