/// One `PUT /api/orders/device-orders/{key}` at a time per key on this server: the page and its
/// service worker (Background Sync) may send the same queued order at the same moment, and the
/// second must find the first's order finished, not half-built.
///
/// Across servers sharing one database, the key's unique index decides instead: the loser is
/// told the order is in progress (409), and the device tries again later.
actor DeviceOrderKeys {
    private var busy: [String: [CheckedContinuation<Void, Never>]] = [:]

    func serialised<Result: Sendable>(_ key: String, _ work: @Sendable () async throws -> Result) async throws -> Result {
        await take(key)
        defer { release(key) }
        return try await work()
    }

    private func take(_ key: String) async {
        guard busy[key] != nil else {
            busy[key] = []
            return
        }
        await withCheckedContinuation { busy[key, default: []].append($0) }
    }

    private func release(_ key: String) {
        guard var waiting = busy[key], !waiting.isEmpty else {
            busy[key] = nil
            return
        }
        waiting.removeFirst().resume()
        busy[key] = waiting
    }
}
