import Credentials
import Foundation
import Synchronization

/// The admin screens' sessions: random tokens, kept server-side as digests, each ending on logout
/// or after ``lifetime``. A token says nothing about the password (it was an HMAC of a fixed
/// text under it, the same at every login and open to guessing offline), and a restart signs
/// every admin out.
package final class AdminSessions: Sendable {
    package static let lifetime: TimeInterval = 8 * 3_600

    private let expiries = Mutex<[String: Date]>([:])
    /// Wrong admin passwords, per address (the area has one account).
    package let throttle: LoginThrottle
    private let now: @Sendable () -> Date

    package init(throttle: LoginThrottle = LoginThrottle(), now: @escaping @Sendable () -> Date = Date.init) {
        self.throttle = throttle
        self.now = now
    }

    /// A new session's token, to go in the cookie.
    package func start() -> String {
        let token = SessionToken.generate()
        let moment = now()
        expiries.withLock { expiries in
            expiries = expiries.filter { $0.value > moment }
            expiries[SessionToken.digest(token)] = moment.addingTimeInterval(Self.lifetime)
        }
        return token
    }

    package func isLive(_ token: String) -> Bool {
        let moment = now()
        return expiries.withLock { ($0[SessionToken.digest(token)] ?? .distantPast) > moment }
    }

    package func end(_ token: String) {
        _ = expiries.withLock { $0.removeValue(forKey: SessionToken.digest(token)) }
    }
}
