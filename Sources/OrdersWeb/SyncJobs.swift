import Foundation
import OrderCompany
import OrderKit
import WebCore

/// Syncs running in the background so the Sync screen can show the lines being applied and
/// cancel them (§3.3.2): a cancelled sync applies nothing, as its transaction is rolled back.
/// A finished job is kept ten minutes for its screen, then forgotten.
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

    /// Starts syncing `subscription` into the agent's store, then sending its waiting orders.
    func start(_ subscription: Subscription, into store: AgentStore, owner: Int64, services: OrderServices) throws -> UUID {
        let forgotten = ContinuousClock.now - .seconds(600)
        jobs = jobs.filter { $0.value.finishedAt.map { $0 > forgotten } ?? true }
        let id = UUID()
        jobs[id] = Job(owner: owner, status: Status(state: .running, subscription: subscription.id ?? 0, applied: 0, total: 0))
        let client = try services.syncClient(for: subscription, of: store)
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
        return id
    }

    func status(_ id: UUID, owner: Int64) -> Status? { jobs[id].flatMap { $0.owner == owner ? $0.status : nil } }

    /// Cancels a running sync; false when there is no such job.
    func cancel(_ id: UUID, owner: Int64) -> Bool {
        guard let job = jobs[id], job.owner == owner else { return false }
        job.task?.cancel()
        return true
    }

    /// Waits for the job to finish (tests and the API's callers that want the outcome).
    func wait(_ id: UUID) async -> Status? {
        await jobs[id]?.task?.value
        return jobs[id]?.status
    }

    private func progress(_ id: UUID, applied: Int, total: Int) {
        guard jobs[id]?.status.state == .running else { return }
        jobs[id]?.status.applied = applied
        jobs[id]?.status.total = total
    }

    private func finish(_ id: UUID, _ status: Status) {
        jobs[id]?.status = status
        jobs[id]?.finishedAt = .now
    }
}
