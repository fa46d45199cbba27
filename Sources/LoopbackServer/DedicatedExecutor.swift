import Dispatch

/// A task executor on threads of its own, outside Swift's shared cooperative pool.
///
/// A server that stands in for another machine (the replayed PrestaShop, the tests' local
/// servers) runs its connections here, so that it answers as a real remote server would even
/// while the pool's few threads (one per core) are busy: with them all held by synchronous work,
/// a server on the pool answered nothing, and its clients gave up after their timeout.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    /// One for the process: its queue grows threads as jobs wait.
    public static let shared = DedicatedExecutor(label: "bottega.dedicated-executor")

    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
