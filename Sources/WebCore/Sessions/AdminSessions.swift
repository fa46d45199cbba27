import Credentials
import Foundation

/// The admin screens' sessions: random tokens, kept as digests in an ``AdminSessionStore``, each
/// ending on logout or after ``lifetime``. A token says nothing about the password (it was an
/// HMAC of a fixed text under it, the same at every login and open to guessing offline). Kept in
/// the database, a session made on one server behind a balancer is live on the others.
package final class AdminSessions: Sendable {
    package static let lifetime: TimeInterval = 8 * 3_600

    /// The admin area the sessions open (its cookie's name): a token of one never opens another.
    package let area: String
    private let store: any AdminSessionStore
    /// Wrong admin passwords, per address (the area has one account).
    package let throttle: LoginThrottle
    private let now: @Sendable () -> Date

    package init(
        area: String = "admin", store: any AdminSessionStore = MemoryAdminSessionStore(), throttle: LoginThrottle = LoginThrottle(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.area = area
        self.store = store
        self.throttle = throttle
        self.now = now
    }

    /// A new session's token, to go in the cookie.
    package func start() async throws -> String {
        let token = SessionToken.generate()
        let moment = now()
        try await store.insertSession(digest: SessionToken.digest(token), area: area, expiresAt: moment.addingTimeInterval(Self.lifetime), now: moment)
        return token
    }

    package func isLive(_ token: String) async throws -> Bool {
        try await (store.sessionExpiry(digest: SessionToken.digest(token), area: area) ?? .distantPast) > now()
    }

    package func end(_ token: String) async throws {
        try await store.deleteSession(digest: SessionToken.digest(token), area: area)
    }
}
