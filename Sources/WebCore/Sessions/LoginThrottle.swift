import Foundation
import Hummingbird
import Synchronization

/// One log-in attempt as ``LoginThrottle`` counts it.
package struct LoginAttempt: Sendable {
    /// Which log-in (`wallet`, `shop`, `agent`, an admin area): the counts of one never close another.
    package let scope: String
    /// The account asked for, as the log-in names it (a nickname, an e-mail, `company/user`, the
    /// admin area's one account); compared without case.
    package let account: String
    /// Where from: ``WebRequestContext/clientNetwork`` (an IPv4 address or an IPv6 /64, through
    /// the trusted proxies).
    package let source: String

    package init(scope: String, account: String, source: String) {
        self.scope = scope
        self.account = account.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        self.source = source
    }

    package var pairKey: String { "pair:\(scope):\(account)@\(source)" }
    package var accountKey: String { "account:\(scope):\(account)" }
    package var sourceKey: String { "source:\(scope):\(source)" }
}

/// Slows password guessing without shutting people out (issue 36). Three counts of wrong passwords,
/// each with the same backoff (``LoginThrottlePolicy``: a few free, then each further one closes
/// that count's door for twice as long as the last, 1 s up to 5 minutes, answered 429 with
/// `Retry-After`; forgotten after 15 quiet minutes):
/// - **the pair**, one account from one source (an IPv4 address, an IPv6 /64): always applies;
/// - **the account**, from every source together: stops guessing one account from many
///   addresses (1,000 guesses from 200 addresses were all answered 401 before);
/// - **the source**, for every account together: stops one address trying many accounts.
///
/// A source the account has logged in from (the right password, in the last 30 days) is *known*
/// for it, and only the pair applies there: guesses at other names from a shared address (a
/// proxy, a NAT, a guesser on the same machine) and guesses at the account from elsewhere never
/// close the door to its owner at home. From a source not yet known, all three apply; a closed
/// door blocks only the attempts made while it is closed, so once the wait has elapsed the right
/// password gets in, clears the pair and makes the source known.
///
/// The right password clears the pair's count, and the account's when it holds no more than the
/// free wrong passwords (the owner's own typos); above that an attack is going on, and a log-in
/// by the owner must not give the guessers their free attempts back.
package final class LoginThrottle: Sendable {
    package typealias Policy = LoginThrottlePolicy

    private struct Record {
        var failures = 0
        var lastFailure = Date.distantPast
        var closedUntil = Date.distantPast
    }

    private struct State {
        var records: [String: Record] = [:]
        /// The pairs that logged in, and when last.
        var known: [String: Date] = [:]
    }

    package let policy: Policy
    private let state = Mutex(State())
    private let now: @Sendable () -> Date

    /// Counts kept before the forgotten ones are dropped, and the most kept at all: guessing from
    /// endless names or IPv6 addresses must not grow the tables for ever.
    package static let pruneAbove = 10_000
    package static let hardLimit = 50_000

    package init(policy: Policy = Policy(), now: @escaping @Sendable () -> Date = Date.init) {
        self.policy = policy
        self.now = now
    }

    /// Throws while a door that applies to `attempt` is closed.
    package func check(_ attempt: LoginAttempt) throws(TooManyAttempts) {
        let moment = now()
        let closedUntil = state.withLock { state in
            keys(for: attempt, in: state, at: moment).compactMap { state.records[$0]?.closedUntil }.max() ?? .distantPast
        }
        if closedUntil > moment { throw TooManyAttempts(wait: Int(closedUntil.timeIntervalSince(moment).rounded(.up))) }
    }

    /// Whether `attempt`'s source has logged in to its account lately.
    package func isKnown(_ attempt: LoginAttempt) -> Bool {
        let moment = now()
        return state.withLock { isKnown(attempt, in: $0, at: moment) }
    }

    /// A wrong password: counted for the pair, the account and the source alike.
    package func failed(_ attempt: LoginAttempt) {
        let moment = now()
        state.withLock { state in
            for key in [attempt.pairKey, attempt.accountKey, attempt.sourceKey] {
                var record = state.records[key] ?? Record()
                if moment.timeIntervalSince(record.lastFailure) > policy.forgetAfter { record = Record() }
                record.failures += 1
                record.lastFailure = moment
                let beyond = record.failures - policy.freeAttempts
                if beyond > 0 {
                    let wait = min(policy.longestWait, policy.firstWait * pow(2, Double(min(beyond - 1, 30))))
                    record.closedUntil = moment.addingTimeInterval(wait)
                }
                state.records[key] = record
            }
            prune(&state, at: moment)
        }
    }

    /// The right password: the pair starts afresh and its source is known for the account; the
    /// account's count goes too unless it is above the free attempts (see the type's comment).
    package func succeeded(_ attempt: LoginAttempt) {
        let moment = now()
        state.withLock { state in
            state.records[attempt.pairKey] = nil
            if let account = state.records[attempt.accountKey],
               account.failures <= policy.freeAttempts || moment.timeIntervalSince(account.lastFailure) > policy.forgetAfter {
                state.records[attempt.accountKey] = nil
            }
            state.known[attempt.pairKey] = moment
            prune(&state, at: moment)
        }
    }

    private func keys(for attempt: LoginAttempt, in state: State, at moment: Date) -> [String] {
        isKnown(attempt, in: state, at: moment) ? [attempt.pairKey] : [attempt.pairKey, attempt.accountKey, attempt.sourceKey]
    }

    private func isKnown(_ attempt: LoginAttempt, in state: State, at moment: Date) -> Bool {
        guard let last = state.known[attempt.pairKey] else { return false }
        return moment.timeIntervalSince(last) <= policy.rememberSuccessFor
    }

    private func prune(_ state: inout State, at moment: Date) {
        if state.records.count > Self.pruneAbove {
            state.records = state.records.filter { moment.timeIntervalSince($0.value.lastFailure) <= policy.forgetAfter }
            if state.records.count > Self.hardLimit {
                // The most recent half stays: the counts an attack keeps hitting are among them.
                let kept = state.records.sorted { $0.value.lastFailure > $1.value.lastFailure }.prefix(Self.hardLimit / 2)
                state.records = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
        if state.known.count > Self.pruneAbove {
            state.known = state.known.filter { moment.timeIntervalSince($0.value) <= policy.rememberSuccessFor }
            if state.known.count > Self.pruneAbove {
                let kept = state.known.sorted { $0.value > $1.value }.prefix(Self.pruneAbove / 2)
                state.known = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
    }
}

/// How a ``LoginThrottle`` counts: `freeAttempts` wrong passwords, then waits doubling from
/// `firstWait` up to `longestWait`; a count left alone for `forgetAfter` is forgotten; a source
/// that logged in stays known for its account for `rememberSuccessFor`.
public struct LoginThrottlePolicy: Sendable {
    public var freeAttempts = 5
    public var firstWait: TimeInterval = 1
    public var longestWait: TimeInterval = 300
    public var forgetAfter: TimeInterval = 900
    public var rememberSuccessFor: TimeInterval = 30 * 24 * 3_600

    public init() {}
}

/// Too many wrong passwords, for the account or from this address.
package struct TooManyAttempts: PublicFailure, Equatable {
    package init(wait: Int) {
        self.wait = wait
    }

    package let wait: Int

    package var status: HTTPResponse.Status { .tooManyRequests }
    package var code: String { "too_many_attempts" }
    package var message: String {
        "Too many wrong passwords for this account or from this address: wait \(wait) s and try again. Each further wrong one doubles the wait; it ends by itself."
    }
    package var headers: HTTPFields { [.retryAfter: String(wait)] }
}
