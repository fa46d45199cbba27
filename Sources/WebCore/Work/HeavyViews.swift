import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Where the screens and API answers that read a whole stored record are drawn: a Scholar search
/// of 829 papers takes about 40 ms of CPU to open, rank and render. Drawn inside the handler,
/// fifty clients on the results screen held both cooperative threads, and an unrelated
/// `GET /api/tickets/provinces` waited 2.9–6.6 s at p50; a thousand one-request connections kept
/// `GET /` unanswered for 40 s (issue 36).
///
/// Here the work runs on threads of its own (one per core, nice 10, like ``SlowWork``'s), so
/// cheap requests keep the event loops and the cooperative threads. Admission is per client:
/// each client (its account, and separately its address) has at most ``perClientLimit`` views
/// running or waiting, past that 429; at most ``waitingLimit`` wait in all, past that 503. Free
/// threads go to the waiting clients in turn, so one client's burst delays another client by at
/// most one view per thread. A view whose client has closed its connection by the time its turn
/// comes is dropped, never drawn for nobody.
package final class HeavyViews: Sendable {
    package struct TooManyFromYou: PublicFailure {
        package init() {
        }

        package var status: HTTPResponse.Status { .tooManyRequests }
        package var code: String { "too_many_views" }
        package var message: String {
            "You have many large pages loading at once; wait for them, then try again in a second."
        }
        package var headers: HTTPFields { [.retryAfter: "1"] }
    }

    package struct Busy: PublicFailure {
        package init() {
        }

        package var status: HTTPResponse.Status { .serviceUnavailable }
        package var code: String { "busy" }
        package var message: String { "Bottega is drawing many large pages for other people; try again in a second." }
        package var headers: HTTPFields { [.retryAfter: "1"] }
    }

    /// The client closed its connection before its view was drawn; nobody reads this answer
    /// (499, nginx's "client closed request"), but the log shows it.
    package struct ClientGone: PublicFailure {
        package init() {
        }

        package var status: HTTPResponse.Status { .init(code: 499, reasonPhrase: "Client Closed Request") }
        package var code: String { "client_gone" }
        package var message: String { "The connection was closed before the page was drawn." }
    }

    private static let executor = PoolExecutor(threads: System.coreCount)

    /// The application answering the request binds its own (``PromisedErrorMiddleware``).
    @TaskLocal static package var current = HeavyViews()

    /// How many views one client key may have running or waiting. 64 lets a browser's tabs and
    /// `scripts/load`'s 50 concurrent clients (one address) through, and refuses a burst of a
    /// thousand from one address almost at once.
    package let perClientLimit: Int
    /// How many views may wait for a thread, over all clients.
    package let waitingLimit: Int
    /// How many views are drawn at once: one per thread.
    package let running: Int
    private let state = NIOLockedValueBox(Queue())

    package init(perClientLimit: Int = 64, waitingLimit: Int = 512, running: Int = System.coreCount) {
        self.perClientLimit = max(1, perClientLimit)
        self.waitingLimit = max(1, waitingLimit)
        self.running = max(1, running)
    }

    /// Draws `work` on the pool for a client known by `keys` (its account, its address), once a
    /// thread is free and its turn has come. Throws ``TooManyFromYou`` or ``Busy`` when it is not
    /// admitted, and ``ClientGone`` when `connection` has closed by the time its turn comes.
    package func draw<Value: Sendable>(
        for keys: [String], connection: (any Channel)?, _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        if let refusal = admit(keys) {
            // As ``SlowWork`` does: a refusal that came at once would let a client that ignores
            // Retry-After spin on it.
            try? await Task.sleep(for: SlowWork.refusalDelay)
            throw refusal
        }
        defer { release(keys) }
        try await waitForTurn(of: keys.first ?? "", connection: connection)
        defer { finishTurn() }
        guard connection?.isActive ?? true else { throw ClientGone() }
        // On an executor over the pool's threads rather than `runIfActive`: the work stays in the
        // request's task, so its task-local values (the account the request acts for) come along.
        return try await withTaskExecutorPreference(Self.executor) { try work() }
    }

    /// The client keys counted against ``perClientLimit``, and how many views wait for a thread.
    package var load: (admitted: [String: Int], waiting: Int) { state.withLockedValue { ($0.admitted, $0.waitingCount) } }

    // MARK: Admission

    private func admit(_ keys: [String]) -> PublicFailure? {
        state.withLockedValue { queue -> PublicFailure? in
            if keys.contains(where: { queue.admitted[$0, default: 0] >= perClientLimit }) { return TooManyFromYou() }
            if queue.waitingCount >= waitingLimit { return Busy() }
            for key in keys { queue.admitted[key, default: 0] += 1 }
            return nil
        }
    }

    private func release(_ keys: [String]) {
        state.withLockedValue { queue in
            for key in keys {
                let left = queue.admitted[key, default: 1] - 1
                queue.admitted[key] = left > 0 ? left : nil
            }
        }
    }

    // MARK: Turns

    private struct Waiter {
        let id: UInt64
        let connection: (any Channel)?
        let continuation: CheckedContinuation<Void, Error>
    }

    private struct Queue {
        var admitted: [String: Int] = [:]
        var drawing = 0
        var nextID: UInt64 = 0
        var waiting: [String: [Waiter]] = [:]
        /// The clients with views waiting, in the order their turns come.
        var turns: [String] = []
        var waitingCount = 0

        /// The next client's first waiter, the client moving to the back of the line.
        mutating func popNext() -> Waiter? {
            // Lines are short (at most ``perClientLimit``), so removing from the front is cheap.
            while !turns.isEmpty {
                let client = turns.removeFirst()
                guard var line = waiting[client], !line.isEmpty else { waiting[client] = nil; continue }
                let waiter = line.removeFirst()
                waitingCount -= 1
                if line.isEmpty { waiting[client] = nil } else { waiting[client] = line; turns.append(client) }
                return waiter
            }
            return nil
        }

        mutating func remove(_ id: UInt64, of client: String) -> Waiter? {
            guard var line = waiting[client], let index = line.firstIndex(where: { $0.id == id }) else { return nil }
            let waiter = line.remove(at: index)
            waitingCount -= 1
            if line.isEmpty {
                waiting[client] = nil
                turns.removeAll { $0 == client }
            } else {
                waiting[client] = line
            }
            return waiter
        }
    }

    private func waitForTurn(of client: String, connection: (any Channel)?) async throws {
        let id: UInt64? = state.withLockedValue { queue in
            guard queue.drawing >= running || queue.waitingCount > 0 else {
                queue.drawing += 1
                return nil
            }
            queue.nextID += 1
            return queue.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                state.withLockedValue { queue in
                    if queue.waiting[client] == nil { queue.turns.append(client) }
                    queue.waiting[client, default: []].append(Waiter(id: id, connection: connection, continuation: continuation))
                    queue.waitingCount += 1
                }
                // A turn may have been freed between the check above and joining the line.
                handOutFreeTurns()
            }
        } onCancel: {
            leaveLine(id, of: client, because: CancellationError())
        }
    }

    private func leaveLine(_ id: UInt64, of client: String, because reason: any Error) {
        state.withLockedValue { $0.remove(id, of: client) }?.continuation.resume(throwing: reason)
    }

    private func finishTurn() {
        state.withLockedValue { $0.drawing -= 1 }
        handOutFreeTurns()
    }

    /// Gives every free thread to the next client in line. A waiter whose client has gone is
    /// told so and takes no thread: checked when its turn comes rather than by a callback on
    /// the connection, which a keep-alive connection would collect by the thousand.
    private func handOutFreeTurns() {
        while let (waiter, gone) = state.withLockedValue({ queue -> (Waiter, Bool)? in
            guard queue.drawing < running, let waiter = queue.popNext() else { return nil }
            let gone = !(waiter.connection?.isActive ?? true)
            if !gone { queue.drawing += 1 }
            return (waiter, gone)
        }) {
            if gone { waiter.continuation.resume(throwing: ClientGone()) } else { waiter.continuation.resume() }
        }
    }

}

/// A task executor running its jobs on threads of its own, at a lower scheduling priority than
/// the event loops (nice 10, as ``SlowWork``'s), so cheap requests win the cores.
package final class PoolExecutor: TaskExecutor {
    private let pool: NIOThreadPool

    package init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pool.submit { _ in
            Self.yieldToRequests()
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }

    /// On Linux the nice value is per thread, and `who` 0 is the calling thread.
    private static func yieldToRequests() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
}

extension HeavyViews {
    /// The keys a request is counted under: its account where it has one, and its address (an
    /// IPv6 address by its /64, which one subscriber usually holds whole).
    package static func keys(of context: WebRequestContext) -> [String] {
        var keys: [String] = []
        if let account = context.account { keys.append("account:\(account.id)") }
        keys.append("address:\(context.clientNetwork)")
        return keys
    }
}

extension RouterMethods where Context == WebRequestContext {
    /// A GET whose answer reads a whole stored record: drawn, encoded and all, on ``HeavyViews``.
    @discardableResult
    package func getHeavy<Output: ResponseGenerator>(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) throws -> Output) -> Self {
        on(path, method: .get) { request, context in try await drawHeavy(request, context, handler) }
    }
}

/// Runs `handler` and turns its answer into bytes on ``HeavyViews``.
package func drawHeavy<Output: ResponseGenerator>(
    _ request: Request, _ context: WebRequestContext, _ handler: @escaping @Sendable (Request, WebRequestContext) throws -> Output
) async throws -> Response {
    try await HeavyViews.current.draw(for: HeavyViews.keys(of: context), connection: context.connection) {
        try handler(request, context).response(from: request, context: context)
    }
}
