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
    /// Taken twice per list, not per row: the rows are looked up together, rendered outside it,
    /// and kept together.
    private let lock = NSLock()

    /// At most `capacity` rows are kept; past it the memo starts afresh.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Each view's row, in order: kept ones as they were, the others from `render` (called
    /// outside the lock, once per distinct view).
    package func rows(_ views: [View], render: (View) -> String) -> [String] {
        var found = lock.withLock { views.map { kept[$0] } }
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
