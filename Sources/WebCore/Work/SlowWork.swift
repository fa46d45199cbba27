import Credentials
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Where the CPU-heavy part of a request runs: password hashes (scrypt takes 32 MiB and ~80 ms in
/// release) and image decodes. Run inside a handler, fifty wrong log-ins held both of Swift's
/// cooperative threads and every other request waited behind them (issue 19: 8 log-ins in 10 s,
/// an unrelated GET timing out at 20 s). Here they run on threads of their own, one per core, at
/// a lower scheduling priority than the event loops, and at most `queueLimit` run or wait: past that
/// the request is refused (503 with `Retry-After`, after ``refusalDelay``) instead of queueing without end.
package final class SlowWork: Sendable {
    package struct Busy: PublicFailure {
        package init() {
        }

        package var status: HTTPResponse.Status { .serviceUnavailable }
        package var code: String { "busy" }
        package var message: String { "Bottega is busy with other requests of this kind; try again in a second." }
        package var headers: HTTPFields { [.retryAfter: "1"] }
    }

    /// The threads every Bottega application in this process shares: one per core, started on
    /// first use and never stopped (like NIO's own singletons).
    private static let threads: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: System.coreCount)
        pool.start()
        return pool
    }()

    /// The admission of the request being answered: ``PromisedErrorMiddleware`` binds its
    /// application's, so each application (and each test's) keeps its own queue.
    @TaskLocal static package var current = SlowWork()

    /// How long a refused request waits before it is answered 503.
    package static let refusalDelay = Duration.milliseconds(250)

    /// How many pieces of work may run or wait at once before the next is refused.
    package let queueLimit: Int
    private let admitted = NIOLockedValueBox(0)

    /// 4 per core: a full queue of scrypt checks drains in about 0.3 s in a release build
    /// (80 ms each) and 1.8 s in a debug one (0.45 s); longer queues only make clients wait.
    package init(queueLimit: Int = 4 * System.coreCount) {
        self.queueLimit = max(1, queueLimit)
    }

    /// Runs `work` on the pool, or throws ``Busy`` when `queueLimit` pieces of work are already
    /// running or waiting.
    package func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let admittedNow = admitted.withLockedValue { count -> Bool in
            guard count < queueLimit else { return false }
            count += 1
            return true
        }
        guard admittedNow else {
            // Refused, but not at once: a client that ignores Retry-After (an attacker guessing
            // passwords) would otherwise get thousands of refusals a second, spending on them the
            // cores the refusal protects. Waiting holds a connection, not a thread.
            try? await Task.sleep(for: Self.refusalDelay)
            throw Busy()
        }
        defer { admitted.withLockedValue { $0 -= 1 } }
        return try await Self.threads.runIfActive {
            Self.yieldToRequests()
            return try work()
        }
    }

    /// Runs `work` on the pool and hands back its typed outcome; only ``Busy`` is thrown.
    package func result<Value: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> Value) async throws -> Result<Value, Failure> {
        try await run { Result { () throws(Failure) in try work() } }
    }

    /// The pool as the Kits' hook for password checks (OrderKit's company store), admitted by
    /// the application answering the request.
    package static var passwordWork: PasswordWork {
        PasswordWork { work in try await SlowWork.current.run(work) }
    }

    /// Lowers the calling pool thread's priority (nice 10; a system call, nothing beside a hash;
    /// on Linux the nice value is per thread, and `who` 0 is the calling thread),
    /// so the event loops and the cooperative threads answering cheap requests win the cores
    /// whenever both want them.
    private static func yieldToRequests() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}
