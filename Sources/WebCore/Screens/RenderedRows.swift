import Foundation

/// Rows of a list rendered once and kept by the view they were rendered from.
///
/// A row's HTML is a function of its view alone when its template reads nothing above the row
/// (no name it lacks is found further up the context stack). The view itself is then the key:
/// a row whose view changed in any property (a ticket validated, a countdown a second on) is a
/// different key and is rendered again, so a kept row is never stale. Rendering through
/// swift-mustache costs a dozen runtime protocol casts per name; My tickets with 200 tickets
/// spent 68 % of its 8.5 ms there (issue 44).
package final class RenderedRows<View: Hashable & Sendable>: @unchecked Sendable {
    private let capacity: Int
    private var kept: [View: String] = [:]
    /// Held only to take a snapshot of `kept` (a copy-on-write reference, so O(1)) and to store
    /// fresh rows: the rows are looked up in the snapshot and rendered outside it. Hashing My
    /// tickets' 200 views inside it put the request threads to sleep on it 221 times in 4 s at 8
    /// connections; none since.
    private let lock = NSLock()

    /// At most `capacity` rows are kept; past it the memo starts afresh.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Each view's row, in order: kept ones as they were, the others from `render` (called
    /// outside the lock, once per distinct view).
    package func rows(_ views: [View], render: (View) -> String) -> [String] {
        let snapshot = lock.withLock { kept }
        var found = views.map { snapshot[$0] }
        var fresh: [View: String] = [:]
        for index in views.indices where found[index] == nil {
            let view = views[index]
            if let made = fresh[view] {
                found[index] = made
            } else {
                let made = render(view)
                fresh[view] = made
                found[index] = made
            }
        }
        if !fresh.isEmpty {
            lock.withLock {
                if kept.count + fresh.count > capacity { kept.removeAll(keepingCapacity: true) }
                kept.merge(fresh) { _, new in new }
            }
        }
        return found.map { $0 ?? "" }
    }
}
