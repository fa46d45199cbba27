import Foundation

/// One order as the history lists it: the order, the names to show (the stored customer's and
/// supplier's, or the names they had when the order was last saved if they were deleted since),
/// its totals and the last auto-save.
public struct OrderSummary: Sendable, Hashable {
    public var order: Order
    public var customerName: String
    public var supplierName: String
    public var totals: OrderTotals
    public var savedAt: Date

    public init(order: Order, customerName: String, supplierName: String, totals: OrderTotals, savedAt: Date) {
        self.order = order
        self.customerName = customerName
        self.supplierName = supplierName
        self.totals = totals
        self.savedAt = savedAt
    }
}

/// How the history sorts orders (the thesis: by date, by customer, by supplier).
public enum OrderSortKey: String, Sendable, CaseIterable {
    /// Newest first.
    case date
    /// By customer name (case and accents ignored), then newest first; orders without one last.
    case customer
    /// By supplier name, then newest first; orders without one last.
    case supplier
}

/// Which orders the history shows.
public enum OrderStateFilter: String, Sendable, CaseIterable {
    case all
    /// Acknowledged by the company.
    case sent
    /// Everything still to send: drafts, and orders refused or unanswered (to resend).
    case notSent
}
