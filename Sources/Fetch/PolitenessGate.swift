import Foundation

/// One request at a time per host, and a pause between them (`HostPoliteness`).
actor PolitenessGate {
    private struct HostState {
        var busy = false
        var earliestNextStart = ContinuousClock.now
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private var hosts: [String: HostState] = [:]

    /// Waits until this host is free and its pause has passed, then holds it.
    func acquire(_ host: String) async throws(FetchError) {
        while hosts[host, default: HostState()].busy {
            await withCheckedContinuation { hosts[host, default: HostState()].waiters.append($0) }
        }
        hosts[host, default: HostState()].busy = true
        let wait = hosts[host, default: HostState()].earliestNextStart - ContinuousClock.now
        if wait > .zero {
            do {
                try await Task.sleep(for: wait)
            } catch {
                release(host, pause: .zero)
                throw FetchError.cancelled
            }
        }
    }

    /// Frees the host; the next request may start after `pause`.
    func release(_ host: String, pause: Duration) {
        hosts[host, default: HostState()].busy = false
        hosts[host, default: HostState()].earliestNextStart = ContinuousClock.now + pause
        if !hosts[host, default: HostState()].waiters.isEmpty {
            hosts[host, default: HostState()].waiters.removeFirst().resume()
        }
    }
}
