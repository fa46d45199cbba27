import OrderKit
import Crypto
import Foundation

/// Credentials the company server has checked recently. Agents send their password with every
/// request (the thesis's protocol, and HTTP Basic on the JSON API), and each check is a full
/// scrypt run — 85 ms of a core, by design — so without this a server of 2 cores answers about
/// 23 requests a second. A successful check is remembered for a few minutes under a salted
/// SHA-256 of company, user and password (the password itself is never kept); a wrong password
/// is never remembered, and ending a subscription forgets the agent at once.
final class VerifiedCredentials: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Data: (company: String, username: String, until: Date)] = [:]
    private let salt = SymmetricKey(size: .bits256)
    let lifetime: TimeInterval

    init(lifetime: TimeInterval = 300) {
        self.lifetime = lifetime
    }

    private func key(_ company: String, _ username: String, _ password: String) -> Data {
        // Length-prefixed, so ("ab", "c") and ("a", "bc") never share a key.
        let text = [company, username, password].map { "\($0.utf8.count):\($0)" }.joined()
        return Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: salt))
    }

    func contains(company: String, username: String, password: String, at now: Date) -> Bool {
        let key = key(company, username, password)
        return lock.withLock {
            guard let entry = entries[key] else { return false }
            if entry.until > now { return true }
            entries[key] = nil
            return false
        }
    }

    func remember(company: String, username: String, password: String, at now: Date) {
        let key = key(company, username, password)
        lock.withLock {
            // Bounded: a flood of distinct valid logins cannot grow the table without limit.
            if entries.count > 10_000 { entries = entries.filter { $0.value.until > now } }
            entries[key] = (company, username, now.addingTimeInterval(lifetime))
        }
    }

    func forget(company: String, username: String) {
        lock.withLock { entries = entries.filter { !($0.value.company == company && $0.value.username == username) } }
    }
}
