import Foundation
import OrderCompany
import OrderKit
import WebCore

/// Syncs running in the background so the Sync screen can show the lines being applied and
/// cancel them (§3.3.2): a cancelled sync applies nothing, as its transaction is rolled back.
/// A finished job is kept ten minutes for its screen, then forgotten.
///
/// A sync is a task in the process that started it (it holds the agent's store open and a
/// connection to the company). Its status is also written to a ``JobStatusStore`` — the
/// database — as it goes, so a server behind a balancer that did not start it still answers
/// its screen, and a cancel that reaches that server is recorded for the running one to act on.
actor SyncJobs {
    struct Status: Sendable, Codable, Equatable {
        enum State: String, Sendable, Codable { case running, done, failed, cancelled }
        var state: State
        var subscription: Int64
        /// Commands applied so far, of `total` (0 of 0 while the answer is being fetched).
        var applied: Int
        var total: Int
        /// What happened, in words, once finished.
        var message: String?
    }

    private struct Job {
        /// The account whose store it syncs: only that account follows or cancels it.
        var owner: Int64
        var status: Status
        var task: Task<Void, Never>?
        var finishedAt: ContinuousClock.Instant?
    }

    private var jobs: [UUID: Job] = [:]
    private let store: any JobStatusStore
    static let keptFor: TimeInterval = 600

    init(store: any JobStatusStore = MemoryJobStatusStore()) {
        self.store = store
    }

    /// Starts syncing `subscription` into the agent's store, then sending its waiting orders.
    func start(_ subscription: Subscription, into store: AgentStore, owner: Int64, services: OrderServices) async throws -> UUID {
        let forgotten = ContinuousClock.now - .seconds(Int(Self.keptFor))
        jobs = jobs.filter { $0.value.finishedAt.map { $0 > forgotten } ?? true }
        let id = UUID()
        let client = try services.syncClient(for: subscription, of: store)
        let running = Status(state: .running, subscription: subscription.id ?? 0, applied: 0, total: 0)
        jobs[id] = Job(owner: owner, status: running)
        try await save(id, owner: owner, running)
        jobs[id]?.task = Task { [weak self] in
            let final: Status
            do {
                let outcome = try await client.sync(into: store) { [weak self] applied, total in
                    // Every 250th command and the last: a sync of 100,000 lines makes 400 updates.
                    guard applied % 250 == 0 || applied == total else { return }
                    Task { await self?.progress(id, applied: applied, total: total) }
                }
                switch outcome {
                case .subscriptionEnded:
                    final = Status(state: .done, subscription: subscription.id ?? 0, applied: 0, total: 0,
                                   message: "\(subscription.name): subscription ended, the company's data was removed")
                case .synced(let summary, _):
                    let resent = (try? await services.resendWaiting(of: subscription, from: store)) ?? 0
                    final = Status(state: .done, subscription: subscription.id ?? 0, applied: summary.upserted + summary.deleted,
                                   total: summary.upserted + summary.deleted,
                                   message: OrderServices.syncedNotice(subscription, summary, resent: resent))
                }
            } catch is CancellationError {
                final = Status(state: .cancelled, subscription: subscription.id ?? 0, applied: 0, total: 0,
                               message: "\(subscription.name): sync cancelled, nothing was changed")
            } catch let failure as AgentSyncClient.Failure {
                final = Status(state: .failed, subscription: subscription.id ?? 0, applied: 0, total: 0,
                               message: "\(subscription.name): " + (failure.errorDescription ?? "the sync failed"))
            } catch {
                final = Status(state: .failed, subscription: subscription.id ?? 0, applied: 0, total: 0,
                               message: "\(subscription.name): the sync failed (\(error.localizedDescription)); nothing was changed")
            }
            await self?.finish(id, final)
        }
        // A cancel asked of another server reaches this one through the database.
        Task { [weak self] in
            while let self, await self.isRunning(id) {
                if (try? await self.store.job(id: id.uuidString, owner: owner))?.cancelRequested == true {
                    await self.cancelHere(id)
                    return
                }
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
        return id
    }

    /// The job's status, from this process or, for a job another server runs, the database.
    func status(_ id: UUID, owner: Int64) async -> Status? {
        if let job = jobs[id] { return job.owner == owner ? job.status : nil }
        return await storedStatus(id, owner: owner)
    }

    /// Cancels a running sync, here or, through the database, on the server running it; false
    /// when there is no such job.
    func cancel(_ id: UUID, owner: Int64) async -> Bool {
        if let job = jobs[id] {
            guard job.owner == owner else { return false }
            job.task?.cancel()
            return true
        }
        return (try? await store.requestCancel(id: id.uuidString, owner: owner)) ?? false
    }

    /// Waits for the job to finish (tests and the API's callers that want the outcome); for a
    /// job another server runs, until the database says it finished (at most a minute).
    func wait(_ id: UUID, owner: Int64) async -> Status? {
        if let job = jobs[id] {
            await job.task?.value
            return jobs[id]?.status
        }
        for _ in 0..<240 {
            guard let status = await storedStatus(id, owner: owner) else { return nil }
            if status.state != .running { return status }
            try? await Task.sleep(for: .milliseconds(250))
        }
        return await storedStatus(id, owner: owner)
    }

    private func isRunning(_ id: UUID) -> Bool { jobs[id]?.status.state == .running }

    private func cancelHere(_ id: UUID) { jobs[id]?.task?.cancel() }

    private func storedStatus(_ id: UUID, owner: Int64) async -> Status? {
        guard let stored = try? await store.job(id: id.uuidString, owner: owner) else { return nil }
        return try? JSONDecoder().decode(Status.self, from: stored.status)
    }

    private func progress(_ id: UUID, applied: Int, total: Int) async {
        guard let job = jobs[id], job.status.state == .running else { return }
        jobs[id]?.status.applied = applied
        jobs[id]?.status.total = total
        if let status = jobs[id]?.status { try? await save(id, owner: job.owner, status) }
    }

    private func finish(_ id: UUID, _ status: Status) async {
        jobs[id]?.status = status
        jobs[id]?.finishedAt = .now
        if let owner = jobs[id]?.owner { try? await save(id, owner: owner, status) }
    }

    private func save(_ id: UUID, owner: Int64, _ status: Status) async throws {
        let now = Date()
        try await store.saveJob(
            id: id.uuidString, owner: owner, status: try JSONEncoder().encode(status), finished: status.state != .running, at: now,
            forgetFinishedBefore: now.addingTimeInterval(-Self.keptFor))
    }
}
