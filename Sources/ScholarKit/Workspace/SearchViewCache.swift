import Foundation
import Memo

/// Opened searches kept by their version (issue 44): a stored search changes only when it is
/// edited, and every edit raises its version in the database (``ScholarSchema``'s triggers), so
/// a view opened at the current version is the view a fresh read would give. Reading the
/// version costs one indexed row; opening an 829-paper search costs decoding every row and
/// ranking it again.
final class SearchViewCache: Sendable {
    private struct Key: Hashable, Sendable {
        let id: Int64
        let options: MetricsOptions
        /// The workspace's cache age sets a search's expiry in its summary.
        let cacheAge: TimeInterval
    }

    /// Enough for the searches a department has open at once; each holds its papers.
    private let kept: RecentlyUsed<Key, StoredSearch>

    init(capacity: Int = 32) {
        kept = RecentlyUsed(capacity: capacity)
    }

    /// The search as opened at `version` with `options`, if it is kept.
    func search(_ id: Int64, version: Int64, options: MetricsOptions, cacheAge: TimeInterval) -> StoredSearch? {
        kept.value(for: Key(id: id, options: options, cacheAge: cacheAge)).flatMap { $0.version == version ? $0 : nil }
    }

    /// Keeps `search`, opened at its version, unless a newer version is kept.
    func keep(_ search: StoredSearch, id: Int64, options: MetricsOptions, cacheAge: TimeInterval) {
        kept.keep(search, for: Key(id: id, options: options, cacheAge: cacheAge)) { ($0.version ?? 0) <= (search.version ?? 0) }
    }

    var count: Int { kept.count }
}
