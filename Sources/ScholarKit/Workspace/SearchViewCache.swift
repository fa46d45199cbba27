import Foundation

/// Opened searches kept by their version (issue 44): a stored search changes only when it is
/// edited, and every edit raises its version in the database (``ScholarSchema``'s triggers), so
/// a view opened at the current version is the view a fresh read would give. Reading the
/// version costs one indexed row; opening an 829-paper search costs decoding every row and
/// ranking it again.
final class SearchViewCache: @unchecked Sendable {
    private struct Key: Hashable {
        let id: Int64
        let options: MetricsOptions
        /// The workspace's cache age sets a search's expiry in its summary.
        let cacheAge: TimeInterval
    }

    private struct Entry {
        let version: Int64
        let search: StoredSearch
        var lastUsed: UInt64
    }

    /// Enough for the searches a department has open at once; each holds its papers.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
    }

    /// The search as opened at `version` with `options`, if it is kept.
    func search(_ id: Int64, version: Int64, options: MetricsOptions, cacheAge: TimeInterval) -> StoredSearch? {
        lock.withLock {
            let key = Key(id: id, options: options, cacheAge: cacheAge)
            guard let entry = entries[key], entry.version == version else { return nil }
            clock += 1
            entries[key]?.lastUsed = clock
            return entry.search
        }
    }

    /// Keeps `search`, opened at `version`, replacing an older version and the least used when full.
    func keep(_ search: StoredSearch, id: Int64, version: Int64, options: MetricsOptions, cacheAge: TimeInterval) {
        lock.withLock {
            let key = Key(id: id, options: options, cacheAge: cacheAge)
            if let kept = entries[key], kept.version > version { return }
            clock += 1
            entries[key] = Entry(version: version, search: search, lastUsed: clock)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                entries[oldest] = nil
            }
        }
    }

    var count: Int { lock.withLock { entries.count } }
}
