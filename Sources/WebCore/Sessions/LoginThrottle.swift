import Foundation
import Hummingbird

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

    package let policy: Policy
    private let store: any LoginThrottleStore
    private let now: @Sendable () -> Date

    /// `store` holds the counts: in this process by default, in the database
    /// (``SQLiteSharedState``, PostgreSQL) where several servers must count together.
    package init(policy: Policy = Policy(), store: any LoginThrottleStore = MemoryLoginThrottleStore(), now: @escaping @Sendable () -> Date = Date.init) {
        self.policy = policy
        self.store = store
        self.now = now
    }

    /// Throws ``TooManyAttempts`` while a door that applies to `attempt` is closed.
    package func check(_ attempt: LoginAttempt) async throws {
        let moment = now()
        let state = try await store.throttleState(counts: [attempt.pairKey, attempt.accountKey, attempt.sourceKey], known: attempt.pairKey)
        let keys = isKnown(state.lastLogIn, at: moment) ? [attempt.pairKey] : [attempt.pairKey, attempt.accountKey, attempt.sourceKey]
        let closedUntil = keys.compactMap { state.counts[$0]?.closedUntil }.max() ?? .distantPast
        if closedUntil > moment { throw TooManyAttempts(wait: Int(closedUntil.timeIntervalSince(moment).rounded(.up))) }
    }

    /// Whether `attempt`'s source has logged in to its account lately.
    package func isKnown(_ attempt: LoginAttempt) async throws -> Bool {
        try await isKnown(store.throttleState(counts: [], known: attempt.pairKey).lastLogIn, at: now())
    }

    /// A wrong password: counted for the pair, the account and the source alike.
    package func failed(_ attempt: LoginAttempt) async throws {
        let moment = now()
        let policy = policy
        let keys = [attempt.pairKey, attempt.accountKey, attempt.sourceKey]
        try await store.updateThrottle(counts: keys, known: attempt.pairKey, pruning: pruning(at: moment)) { counts, _ in
            for key in keys {
                var count = counts[key] ?? ThrottleCount()
                if moment.timeIntervalSince(count.lastFailure) > policy.forgetAfter { count = ThrottleCount() }
                count.failures += 1
                count.lastFailure = moment
                let beyond = count.failures - policy.freeAttempts
                if beyond > 0 {
                    let wait = min(policy.longestWait, policy.firstWait * pow(2, Double(min(beyond - 1, 30))))
                    count.closedUntil = moment.addingTimeInterval(wait)
                }
                counts[key] = count
            }
        }
    }

    /// The right password: the pair starts afresh and its source is known for the account; the
    /// account's count goes too unless it is above the free attempts (see the type's comment).
    package func succeeded(_ attempt: LoginAttempt) async throws {
        let moment = now()
        let policy = policy
        // Agents log in with every request: a pair with nothing counted that logged in within the
        // last minute is left as it is, so most requests read the store and write nothing.
        let state = try await store.throttleState(counts: [attempt.pairKey, attempt.accountKey], known: attempt.pairKey)
        if state.counts.isEmpty, let last = state.lastLogIn, moment >= last, moment.timeIntervalSince(last) < 60 { return }
        try await store.updateThrottle(counts: [attempt.pairKey, attempt.accountKey], known: attempt.pairKey, pruning: pruning(at: moment)) { counts, lastLogIn in
            counts[attempt.pairKey] = nil
            if let account = counts[attempt.accountKey],
               account.failures <= policy.freeAttempts || moment.timeIntervalSince(account.lastFailure) > policy.forgetAfter {
                counts[attempt.accountKey] = nil
            }
            lastLogIn = moment
        }
    }

    private func isKnown(_ lastLogIn: Date?, at moment: Date) -> Bool {
        guard let lastLogIn else { return false }
        return moment.timeIntervalSince(lastLogIn) <= policy.rememberSuccessFor
    }

    private func pruning(at moment: Date) -> ThrottlePruning {
        ThrottlePruning(countsBefore: moment.addingTimeInterval(-policy.forgetAfter), logInsBefore: moment.addingTimeInterval(-policy.rememberSuccessFor))
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
