import Foundation
import ScholarKit
import WebCore

/// One step of a running search, as the progress screen shows it.
struct SearchEvent: Sendable, Codable, Equatable {
    enum Kind: String, Sendable, Codable { case progress, done, failed, cancelled }
    var kind: Kind
    var page: Int?
    var pages: Int?
    var activity: String?
    /// Set when `kind` is `done`.
    var searchID: Int64?
    var answeredFromStore: Bool?
    /// Set when `kind` is `failed`; `blocked` tells a CAPTCHA or rate limit from other failures.
    var message: String?
    var blocked: Bool?
    /// Where a finished job leads, when not to the search's results (a publication's graph).
    var location: String?

    var isFinal: Bool { kind != .progress }
}

/// The searches running in the background: started by a form or the API, followed over
/// Server-Sent Events, and cancelled for real (the task is cancelled, so the fetch stops).
actor SearchJobs {
    private struct Job {
        var parameters: SearchParameters
        /// The account that started it: only that account follows or cancels it.
        var owner: Int64
        var events: [SearchEvent] = []
        var finishedAt: ContinuousClock.Instant?
        var listeners: [UUID: AsyncStream<SearchEvent>.Continuation] = [:]
        var task: Task<Void, Never>?
    }

    private var jobs: [UUID: Job] = [:]

    /// Starts `work`, which reports progress through its argument and returns the finished event.
    func start(_ parameters: SearchParameters, owner: Int64, _ work: @escaping @Sendable (@escaping @Sendable (SourceProgress) -> Void) async -> SearchEvent) -> UUID {
        // A finished search's events are kept an hour for late readers, then forgotten.
        let forgotten = ContinuousClock.now - .seconds(3_600)
        jobs = jobs.filter { $0.value.finishedAt.map { $0 > forgotten } ?? true }
        let id = UUID()
        jobs[id] = Job(parameters: parameters, owner: owner)
        // Progress is reported from synchronous code, so it goes through a stream that one task
        // records in order: recorded from a task per step, a step could land after "done".
        let (steps, stepSink) = AsyncStream.makeStream(of: SearchEvent.self)
        Task { [weak self] in
            for await event in steps { await self?.record(event, for: id) }
        }
        let task = Task {
            let final = await work { step in
                stepSink.yield(SearchEvent(kind: .progress, page: step.page, pages: step.pages, activity: step.activity))
            }
            stepSink.yield(Task.isCancelled ? SearchEvent(kind: .cancelled) : final)
            stepSink.finish()
        }
        jobs[id]?.task = task
        return id
    }

    func exists(_ id: UUID) -> Bool { jobs[id] != nil }

    /// Whether `owner` started the job (another account's is unknown to it).
    func isStarted(_ id: UUID, by owner: Int64) -> Bool { jobs[id]?.owner == owner }

    /// What the search asks, for the progress screen's (disabled) form.
    func parameters(of id: UUID) -> SearchParameters? { jobs[id]?.parameters }

    /// Every event so far, then the new ones as they come; ends after the final event.
    func events(of id: UUID) -> AsyncStream<SearchEvent>? {
        guard let job = jobs[id] else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: SearchEvent.self)
        for event in job.events { continuation.yield(event) }
        if job.events.last?.isFinal == true {
            continuation.finish()
        } else {
            let listener = UUID()
            jobs[id]?.listeners[listener] = continuation
            continuation.onTermination = { [weak self] _ in Task { await self?.removeListener(listener, of: id) } }
        }
        return stream
    }

    /// The latest event, for the JSON status endpoint and pages without JavaScript.
    func latest(of id: UUID) -> SearchEvent? { jobs[id]?.events.last }

    /// Cancels a running search; `false` when there is no such search.
    func cancel(_ id: UUID) -> Bool {
        guard let job = jobs[id] else { return false }
        job.task?.cancel()
        return true
    }

    private func record(_ event: SearchEvent, for id: UUID) {
        guard var job = jobs[id], job.events.last?.isFinal != true else { return }
        job.events.append(event)
        for continuation in job.listeners.values {
            continuation.yield(event)
            if event.isFinal { continuation.finish() }
        }
        if event.isFinal {
            job.listeners = [:]
            job.finishedAt = .now
        }
        jobs[id] = job
    }

    private func removeListener(_ listener: UUID, of id: UUID) {
        jobs[id]?.listeners[listener] = nil
    }
}
