import Foundation
import Synchronization

/// A background job's status as the database keeps it: what the job's screen shows (`status`,
/// the job's own JSON), whether it has finished, and whether someone asked to cancel it.
package struct StoredJob: Sendable, Equatable {
    package var status: Data
    package var finished: Bool
    package var cancelRequested: Bool

    package init(status: Data, finished: Bool, cancelRequested: Bool) {
        self.status = status
        self.finished = finished
        self.cancelRequested = cancelRequested
    }
}

/// Where background jobs' statuses live. A job is a task in the process that started it; its
/// status is written here as it goes, so any server behind a balancer answers the job's screen,
/// and a cancel that reaches another server is a request the running process picks up.
package protocol JobStatusStore: Sendable {
    /// Writes the job's status (keeping a cancel already asked for), and forgets jobs finished
    /// before `forgetFinishedBefore`.
    func saveJob(id: String, owner: Int64, status: Data, finished: Bool, at now: Date, forgetFinishedBefore: Date) async throws
    /// The job, if `owner` has one under `id`.
    func job(id: String, owner: Int64) async throws -> StoredJob?
    /// Asks for a running job of `owner` to be cancelled; false when there is no such job running.
    func requestCancel(id: String, owner: Int64) async throws -> Bool
}

/// Statuses in this process only: for tests and programs without a database.
package final class MemoryJobStatusStore: JobStatusStore {
    private struct Entry {
        var owner: Int64
        var job: StoredJob
        var updatedAt: Date
    }

    private let entries = Mutex<[String: Entry]>([:])

    package init() {}

    package func saveJob(id: String, owner: Int64, status: Data, finished: Bool, at now: Date, forgetFinishedBefore: Date) async throws {
        entries.withLock { entries in
            entries = entries.filter { !$0.value.job.finished || $0.value.updatedAt >= forgetFinishedBefore }
            let cancel = entries[id]?.job.cancelRequested ?? false
            entries[id] = Entry(owner: owner, job: StoredJob(status: status, finished: finished, cancelRequested: cancel), updatedAt: now)
        }
    }

    package func job(id: String, owner: Int64) async throws -> StoredJob? {
        entries.withLock { entries in entries[id].flatMap { $0.owner == owner ? $0.job : nil } }
    }

    package func requestCancel(id: String, owner: Int64) async throws -> Bool {
        entries.withLock { entries in
            guard let entry = entries[id], entry.owner == owner, !entry.job.finished else { return false }
            entries[id]?.job.cancelRequested = true
            return true
        }
    }
}
