import Foundation
import GRDB

/// The order history: the latest orders, and all of them by date, customer or supplier.
extension AgentStore {
    /// The `limit` newest orders by date (the thesis's latest 50), any state.
    public func latestOrders(limit: Int = 50) throws -> [OrderSummary] {
        try orderSummaries(sortedBy: .date, state: .all, limit: limit)
    }

    /// Every order in `state`, sorted by `key`; only one customer's or one supplier's when
    /// given (§3.1.1: "filtrare l'archivio in base al cliente o al fornitore").
    public func orders(
        sortedBy key: OrderSortKey = .date, state: OrderStateFilter = .all, customerID: Int64? = nil, supplierID: Int64? = nil
    ) throws -> [OrderSummary] {
        try orderSummaries(sortedBy: key, state: state, limit: nil, customerID: customerID, supplierID: supplierID)
    }

    private func orderSummaries(
        sortedBy key: OrderSortKey, state: OrderStateFilter, limit: Int?, customerID: Int64? = nil, supplierID: Int64? = nil
    ) throws -> [OrderSummary] {
        var filter = switch state {
        case .all: "1"
        case .sent: "o.state = 'sent'"
        case .notSent: "o.state <> 'sent'"
        }
        // Ids are integers the caller holds: written in, not bound, to keep one LIMIT argument.
        if let customerID { filter += " AND o.customerId = \(customerID)" }
        if let supplierID { filter += " AND o.supplierId = \(supplierID)" }
        // Names from the live rows when they exist, else as last saved with the order.
        let customerName = "COALESCE(c.companyName, o.customerName)"
        let supplierName = "COALESCE(s.name, o.supplierName)"
        let newest = "o.date DESC, o.id DESC"
        let order = switch key {
        case .date: newest
        case .customer: "\(customerName) = '', COALESCE(c.nameKey, o.customerName), \(newest)"
        case .supplier: "\(supplierName) = '', COALESCE(s.nameKey, o.supplierName), \(newest)"
        }
        return try database.read { db in
            // Cached by its text: the history asks the same few queries screen after screen.
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT o.id, o.savedAt, \(customerName) AS shownCustomer, \(supplierName) AS shownSupplier FROM order_order o
                LEFT JOIN order_customer c ON c.id = o.customerId
                LEFT JOIN order_supplier s ON s.id = o.supplierId
                WHERE \(filter)
                ORDER BY \(order)
                LIMIT ?
                """), arguments: [limit ?? -1])
            return try rows.map { row in
                let id: Int64 = row["id"]
                let order = try Self.loadOrder(id, db)
                let totals: OrderTotals
                do throws(PricingError) { totals = try order.totals() } catch { throw AgentStoreError.pricing(error) }
                return OrderSummary(order: order, customerName: row["shownCustomer"], supplierName: row["shownSupplier"],
                                    totals: totals, savedAt: row["savedAt"])
            }
        }
    }
}

/// A customer or supplier that orders name, as the history's filter offers it.
public struct OrderParty: Sendable, Hashable {
    public var id: Int64
    public var name: String
}

extension AgentStore {
    /// The customers the orders name, by name (the live record's, else the one saved with the
    /// order): the history filters by these, since any other customer would show no order.
    public func customersWithOrders() throws -> [OrderParty] {
        try parties(column: "customerId", savedName: "customerName", table: CustomerRow.databaseTableName, name: "companyName")
    }

    /// The suppliers the orders name, by name.
    public func suppliersWithOrders() throws -> [OrderParty] {
        try parties(column: "supplierId", savedName: "supplierName", table: SupplierRow.databaseTableName, name: "name")
    }

    private func parties(column: String, savedName: String, table: String, name: String) throws -> [OrderParty] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT o.\(column) AS id, COALESCE(p.\(name), MAX(o.\(savedName))) AS name, COALESCE(p.nameKey, lower(MAX(o.\(savedName)))) AS sortKey
                FROM order_order o LEFT JOIN \(table) p ON p.id = o.\(column)
                WHERE o.\(column) IS NOT NULL
                GROUP BY o.\(column)
                ORDER BY sortKey, id
                """)).map { OrderParty(id: $0["id"], name: $0["name"] ?? "") }
        }
    }
}
