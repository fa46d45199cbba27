import Foundation

/// A bounded map that forgets its least recently used entry when full, shared by concurrent
/// requests: issue 44's kept views (Scholar's opened searches and drawn pages, the shop SDK's
/// read documents).
public final class RecentlyUsed<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        let value: Value
        var lastUsed: UInt64
    }

    public let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public func value(for key: Key) -> Value? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key]?.lastUsed = clock
            return entry.value
        }
    }

    /// Keeps `value` unless `replaces` says the kept one should stay (a newer version).
    public func keep(_ value: Value, for key: Key, replaces: (Value) -> Bool = { _ in true }) {
        lock.withLock {
            if let kept = entries[key], !replaces(kept.value) { return }
            clock += 1
            entries[key] = Entry(value: value, lastUsed: clock)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                entries[oldest] = nil
            }
        }
    }

    public var count: Int { lock.withLock { entries.count } }
}
