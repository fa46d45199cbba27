import Foundation
import Hummingbird
import Synchronization

/// Slows password guessing: per account (from each address) and per client address, a few wrong
/// passwords are free, then each further one closes the door for twice as long as the last (1 s,
/// 2 s, 4 s … at most 5 minutes), answered 429 with `Retry-After`. Nobody is locked out for good:
/// an account's count is kept per address, so guesses from elsewhere never close it to its owner;
/// the right password clears it; and a count left alone for 15 minutes is forgotten.
final class LoginThrottle: Sendable {
    typealias Policy = LoginThrottlePolicy

    private struct Record {
        var failures = 0
        var lastFailure = Date.distantPast
        var closedUntil = Date.distantPast
    }

    let policy: Policy
    private let records = Mutex<[String: Record]>([:])
    private let now: @Sendable () -> Date

    init(policy: Policy = Policy(), now: @escaping @Sendable () -> Date = Date.init) {
        self.policy = policy
        self.now = now
    }

    /// Throws while any of `keys` is closed.
    func check(_ keys: [String]) throws(TooManyAttempts) {
        let moment = now()
        let closedUntil = records.withLock { records in keys.compactMap { records[$0]?.closedUntil }.max() ?? .distantPast }
        if closedUntil > moment { throw TooManyAttempts(wait: Int(closedUntil.timeIntervalSince(moment).rounded(.up))) }
    }

    func failed(_ keys: [String]) {
        let moment = now()
        records.withLock { records in
            for key in keys {
                var record = records[key] ?? Record()
                if moment.timeIntervalSince(record.lastFailure) > policy.forgetAfter { record = Record() }
                record.failures += 1
                record.lastFailure = moment
                let beyond = record.failures - policy.freeAttempts
                if beyond > 0 {
                    let wait = min(policy.longestWait, policy.firstWait * pow(2, Double(min(beyond - 1, 30))))
                    record.closedUntil = moment.addingTimeInterval(wait)
                }
                records[key] = record
            }
            // Forgotten counts go, so guessing many names cannot grow the table for ever.
            if records.count > 10_000 { records = records.filter { moment.timeIntervalSince($0.value.lastFailure) <= policy.forgetAfter } }
        }
    }

    /// The right password: the account starts afresh (the address's count decays by itself).
    func succeeded(_ keys: [String]) {
        records.withLock { records in
            for key in keys where key.hasPrefix("account:") { records[key] = nil }
        }
    }
}

/// How a ``LoginThrottle`` counts: `freeAttempts` wrong passwords, then waits doubling from
/// `firstWait` up to `longestWait`; a count left alone for `forgetAfter` is forgotten.
public struct LoginThrottlePolicy: Sendable {
    public var freeAttempts = 5
    public var firstWait: TimeInterval = 1
    public var longestWait: TimeInterval = 300
    public var forgetAfter: TimeInterval = 900

    public init() {}
}

/// Too many wrong passwords, for the account or from this address.
struct TooManyAttempts: PublicFailure, Equatable {
    let wait: Int

    var status: HTTPResponse.Status { .tooManyRequests }
    var code: String { "too_many_attempts" }
    var message: String {
        "Too many wrong passwords for this account or from this address: wait \(wait) s and try again. Each further wrong one doubles the wait; it ends by itself."
    }
    var headers: HTTPFields { [.retryAfter: String(wait)] }
}
