import Foundation
import Synchronization

/// One count of wrong passwords (``LoginThrottle``): how many, the last, and until when its door
/// is closed.
package struct ThrottleCount: Sendable, Equatable {
    package var failures = 0
    package var lastFailure = Date.distantPast
    package var closedUntil = Date.distantPast

    package init(failures: Int = 0, lastFailure: Date = .distantPast, closedUntil: Date = .distantPast) {
        self.failures = failures
        self.lastFailure = lastFailure
        self.closedUntil = closedUntil
    }
}

/// What a store may forget: counts whose last wrong password is older than `countsBefore`, log-ins
/// older than `logInsBefore` (the policy's `forgetAfter` and `rememberSuccessFor`).
package struct ThrottlePruning: Sendable {
    package var countsBefore: Date
    package var logInsBefore: Date
}

/// Where ``LoginThrottle`` keeps its counts and the pairs that logged in. In the database
/// (``SQLiteSharedState``, PostgreSQL) servers behind one balancer count every attempt together,
/// so spreading guesses over servers gains nothing.
package protocol LoginThrottleStore: Sendable {
    /// The counts stored under `keys`, and when the pair `known` last logged in.
    func throttleState(counts keys: [String], known: String) async throws -> (counts: [String: ThrottleCount], lastLogIn: Date?)
    /// Runs `change` over the counts under `keys` (absent ones missing; set nil to forget one) and
    /// the pair's last log-in, and stores the result as one step: two servers counting at once
    /// take turns. Forgets what `pruning` allows, now or later.
    func updateThrottle(
        counts keys: [String], known: String, pruning: ThrottlePruning,
        _ change: @Sendable (inout [String: ThrottleCount], inout Date?) -> Void
    ) async throws
}

/// Counts in this process only: for tests and programs without a database.
package final class MemoryLoginThrottleStore: LoginThrottleStore {
    private struct State {
        var counts: [String: ThrottleCount] = [:]
        var logIns: [String: Date] = [:]
    }

    private let state = Mutex(State())

    /// Counts kept before the forgotten ones are dropped, and the most kept at all: guessing from
    /// endless names or IPv6 addresses must not grow the tables for ever.
    package static let pruneAbove = 10_000
    package static let hardLimit = 50_000

    package init() {}

    package func throttleState(counts keys: [String], known: String) async throws -> (counts: [String: ThrottleCount], lastLogIn: Date?) {
        state.withLock { state in
            (Dictionary(uniqueKeysWithValues: keys.compactMap { key in state.counts[key].map { (key, $0) } }), state.logIns[known])
        }
    }

    package func updateThrottle(
        counts keys: [String], known: String, pruning: ThrottlePruning, _ change: @Sendable (inout [String: ThrottleCount], inout Date?) -> Void
    ) async throws {
        state.withLock { state in
            var counts = Dictionary(uniqueKeysWithValues: keys.compactMap { key in state.counts[key].map { (key, $0) } })
            var lastLogIn = state.logIns[known]
            change(&counts, &lastLogIn)
            for key in keys { state.counts[key] = counts[key] }
            state.logIns[known] = lastLogIn
            Self.prune(&state, pruning)
        }
    }

    private static func prune(_ state: inout State, _ pruning: ThrottlePruning) {
        if state.counts.count > pruneAbove {
            state.counts = state.counts.filter { $0.value.lastFailure >= pruning.countsBefore }
            if state.counts.count > hardLimit {
                // The most recent half stays: the counts an attack keeps hitting are among them.
                let kept = state.counts.sorted { $0.value.lastFailure > $1.value.lastFailure }.prefix(hardLimit / 2)
                state.counts = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
        if state.logIns.count > pruneAbove {
            state.logIns = state.logIns.filter { $0.value >= pruning.logInsBefore }
            if state.logIns.count > pruneAbove {
                let kept = state.logIns.sorted { $0.value > $1.value }.prefix(pruneAbove / 2)
                state.logIns = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
    }
}
