import Amounts
import Foundation
import GRDB

/// Orders, saved after every change (the thesis's auto-save): each call below is one committed
/// transaction, so the form can call them as the agent types and a crash loses nothing already
/// submitted. Lines are addressed by their 0-based index in the order; problems and messages
/// number them from 1, as the form shows them. A sent order is never changed again.
extension AgentStore {
    /// A new, empty draft order with a fresh idempotency key, stored at once.
    public func createDraft(date: Date) throws -> Order {
        try createDraft(date: date, idempotencyKey: UUID())
    }

    /// A new, empty draft with the key a device made for it (an order taken offline): the key
    /// the company then receives too, so one order stays one order end to end.
    public func createDraft(date: Date, idempotencyKey: UUID) throws -> Order {
        try database.write { db in
            var row = OrderRow(Order(idempotencyKey: idempotencyKey, date: date), savedAt: now())
            try row.insert(db)
            return try row.order(lines: [])
        }
    }

    /// The order with this idempotency key; nil when there is none.
    public func order(idempotencyKey: UUID) throws -> Order? {
        try database.read { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM \(OrderRow.databaseTableName) WHERE idempotencyKey = ?", arguments: [idempotencyKey.uuidString])
            else { return nil }
            return try Self.loadOrder(id, db)
        }
    }

    /// Stores the header of `order`: customer, supplier, date and the commercial terms. Its
    /// lines and state are not touched (see `addLine`, `markSent`…). When the customer or the
    /// supplier changes, each line's discount is looked up again for the new pair (prices stay
    /// as copied); the customer and supplier must exist. Returns the order as stored.
    @discardableResult
    public func update(_ order: Order) throws -> Order {
        guard let id = order.id else { throw AgentStoreError.unknownOrder(0) }
        return try database.write { db in
            var row = try Self.editableOrderRow(id, db)
            if let customerID = order.customerID, try !CustomerRow.exists(db, key: customerID) {
                throw AgentStoreError.unknownRecord(.customer, id: customerID)
            }
            if let supplierID = order.supplierID, try !SupplierRow.exists(db, key: supplierID) {
                throw AgentStoreError.unknownRecord(.supplier, id: supplierID)
            }
            if let supplierID = order.supplierID, supplierID != row.supplierId,
               let stray = try String.fetchOne(db, sql: """
                   SELECT order_line.productCode FROM order_line JOIN order_product ON order_product.id = order_line.productId
                   WHERE order_line.orderId = ? AND order_product.supplierId != ? ORDER BY order_line.position LIMIT 1
                   """, arguments: [id, supplierID]) {
                // One order is for one supplier: its lines would be sent to the wrong one.
                throw AgentStoreError.linesOfAnotherSupplier(orderID: id, productCode: stray)
            }
            let partiesChanged = row.customerId != order.customerID || row.supplierId != order.supplierID
            row.customerId = order.customerID
            row.supplierId = order.supplierID
            row.date = order.date
            (row.delivery, row.payment, row.bank, row.packing, row.deliveryTerms, row.notes) =
                (order.delivery, order.payment, order.bank, order.packing, order.deliveryTerms, order.notes)
            try save(&row, db)
            if partiesChanged {
                for var line in try LineRow.filter(Column("orderId") == id).fetchAll(db) {
                    guard let productID = line.productId else { continue }
                    let levels = try Self.discountLevels(customerID: row.customerId, supplierID: row.supplierId, productID: productID, db)
                    line.discountLevels = DiscountCascade.text(levels)
                    try line.update(db)
                }
            }
            return try Self.loadOrder(id, db)
        }
    }

    /// Appends a line for `productID`: copies its code, description and price, and the discount
    /// that applies for the order's customer (none while the order has no customer). An order
    /// without a supplier takes the product's; a product of another supplier is refused.
    /// Returns the order as stored.
    @discardableResult
    public func addLine(orderID: Int64, productID: Int64, quantity: Int) throws -> Order {
        guard quantity >= 0 else { throw AgentStoreError.negativeQuantity(quantity) }
        return try database.write { db in
            var row = try Self.editableOrderRow(orderID, db)
            guard let product = try ProductRow.fetchOne(db, key: productID)?.product() else {
                throw AgentStoreError.unknownRecord(.product, id: productID)
            }
            if let supplierID = row.supplierId {
                let origin = try SupplierRow.fetchOne(db, key: supplierID)?.supplier.origin
                guard product.isOffered(bySupplier: supplierID, of: origin) else {
                    throw AgentStoreError.productOfAnotherSupplier(productCode: product.code, orderID: orderID)
                }
            } else if let supplierID = product.supplierID {
                row.supplierId = supplierID
            } else {
                // One of the company's products, for any of its suppliers: the agent says which.
                throw AgentStoreError.chooseSupplierFirst(productCode: product.code)
            }
            let levels = try Self.discountLevels(customerID: row.customerId, supplierID: row.supplierId, productID: productID, db)
            let line = OrderLine(productID: productID, productCode: product.code, description: product.description,
                                 quantity: quantity, unitPrice: product.price, discountLevels: levels, vatRate: product.vatRate)
            let position = try LineRow.filter(Column("orderId") == orderID).fetchCount(db)
            var lineRow = LineRow(line, orderID: orderID, position: position)
            try lineRow.insert(db)
            try save(&row, db)
            return try Self.loadPricedOrder(orderID, db)
        }
    }

    /// Appends a line typed by the agent, for a product not in the price list (UC1): its code,
    /// description, price and quantity as typed, and the discount levels given (none: none).
    @discardableResult
    public func addFreeTextLine(
        orderID: Int64, code: String, description: String, unitPrice: UnitPrice, quantity: Int, discountLevels: [Decimal] = []
    ) throws -> Order {
        guard quantity >= 0 else { throw AgentStoreError.negativeQuantity(quantity) }
        let code = code.trimmingCharacters(in: .whitespaces)
        let description = description.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty || !description.isEmpty else { throw AgentStoreError.missingField(.product, field: "code or description") }
        do { try DiscountCascade.validate(discountLevels) } catch { throw AgentStoreError.pricing(error) }
        return try database.write { db in
            var row = try Self.editableOrderRow(orderID, db)
            let line = OrderLine(productID: nil, productCode: code, description: description, quantity: quantity, unitPrice: unitPrice,
                                 discountLevels: discountLevels, isFreeText: true)
            var lineRow = LineRow(line, orderID: orderID, position: try LineRow.filter(Column("orderId") == orderID).fetchCount(db))
            try lineRow.insert(db)
            try save(&row, db)
            return try Self.loadPricedOrder(orderID, db)
        }
    }

    /// Overrides line `lineIndex`'s price and/or discount (nil: keep it). The line remembers
    /// what was overridden, and the order form and the PDF show it.
    @discardableResult
    public func overrideLine(orderID: Int64, lineIndex: Int, unitPrice: UnitPrice?, discountLevels: [Decimal]?) throws -> Order {
        if let discountLevels {
            do { try DiscountCascade.validate(discountLevels) } catch { throw AgentStoreError.pricing(error) }
        }
        return try database.write { db in
            var row = try Self.editableOrderRow(orderID, db)
            var line = try Self.lineRow(orderID: orderID, index: lineIndex, db)
            if let unitPrice, unitPrice.micros != line.unitPriceMicros {
                line.unitPriceMicros = unitPrice.micros
                line.unitPriceCents = (unitPrice.micros + 5_000) / 10_000
                line.isPriceOverridden = !line.isFreeText
            }
            if let discountLevels, DiscountCascade.text(discountLevels) != line.discountLevels {
                line.discountLevels = DiscountCascade.text(discountLevels)
                line.isDiscountOverridden = !line.isFreeText
            }
            try line.update(db)
            try save(&row, db)
            return try Self.loadPricedOrder(orderID, db)
        }
    }

    /// A new draft with `orderID`'s customer, supplier, terms and lines (prices and discounts
    /// as they are now in the price list, free-text and overridden lines as they were): "repeat
    /// the last order for this customer".
    @discardableResult
    public func copyOrder(_ orderID: Int64, date: Date) throws -> Order {
        guard let original = try order(id: orderID) else { throw AgentStoreError.unknownOrder(orderID) }
        var copy = try createDraft(date: date)
        copy.customerID = original.customerID
        copy.supplierID = original.supplierID
        (copy.delivery, copy.payment, copy.bank, copy.packing, copy.deliveryTerms, copy.notes) =
            (original.delivery, original.payment, original.bank, original.packing, original.deliveryTerms, original.notes)
        copy = try update(copy)
        for line in original.lines {
            if !line.isFreeText, let productID = line.productID, try product(id: productID) != nil {
                copy = try addLine(orderID: copy.id!, productID: productID, quantity: line.quantity)
                if line.isPriceOverridden || line.isDiscountOverridden {
                    copy = try overrideLine(
                        orderID: copy.id!, lineIndex: copy.lines.count - 1, unitPrice: line.isPriceOverridden ? line.unitPrice : nil,
                        discountLevels: line.isDiscountOverridden ? line.discountLevels : nil)
                }
            } else {
                copy = try addFreeTextLine(
                    orderID: copy.id!, code: line.productCode, description: line.description, unitPrice: line.unitPrice, quantity: line.quantity,
                    discountLevels: line.discountLevels)
            }
        }
        return copy
    }

    /// Sets the quantity of line `lineIndex` (0-based). Below the product's minimum is stored
    /// (the agent may still be typing) and reported when sending (`sendingProblems`).
    @discardableResult
    public func changeQuantity(orderID: Int64, lineIndex: Int, quantity: Int) throws -> Order {
        guard quantity >= 0 else { throw AgentStoreError.negativeQuantity(quantity) }
        return try database.write { db in
            var row = try Self.editableOrderRow(orderID, db)
            var line = try Self.lineRow(orderID: orderID, index: lineIndex, db)
            line.quantity = quantity
            try line.update(db)
            try save(&row, db)
            return try Self.loadPricedOrder(orderID, db)
        }
    }

    /// Removes line `lineIndex` (0-based); the lines after it move up one place.
    @discardableResult
    public func removeLine(orderID: Int64, lineIndex: Int) throws -> Order {
        try database.write { db in
            var row = try Self.editableOrderRow(orderID, db)
            let line = try Self.lineRow(orderID: orderID, index: lineIndex, db)
            try line.delete(db)
            try db.execute(sql: "UPDATE order_line SET position = position - 1 WHERE orderId = ? AND position > ?",
                           arguments: [orderID, lineIndex])
            try save(&row, db)
            return try Self.loadOrder(orderID, db)
        }
    }

    /// The order with its lines; nil when there is none with this id.
    public func order(id: Int64) throws -> Order? {
        try database.read { db in
            guard try OrderRow.exists(db, key: id) else { return nil }
            return try Self.loadOrder(id, db)
        }
    }

    /// Deletes the order and its lines, whatever its state (the history's "delete").
    public func delete(orderID: Int64) throws {
        try database.write { db in
            guard try OrderRow.deleteOne(db, key: orderID) else { throw AgentStoreError.unknownOrder(orderID) }
        }
    }

    /// Records the company's explicit success. Sent orders are frozen; marking one sent again
    /// (a retried send whose first answer was lost) keeps the first time.
    @discardableResult
    public func markSent(id: Int64, at date: Date, companyNumber: Int64? = nil) throws -> Order {
        try database.write { db in
            guard var row = try OrderRow.fetchOne(db, key: id) else { throw AgentStoreError.unknownOrder(id) }
            if !row.isSent {
                row.setState(.sent(at: date))
                row.companyNumber = companyNumber ?? row.companyNumber
                try save(&row, db)
            }
            return try Self.loadOrder(id, db)
        }
    }

    /// Records a send the server never answered: the order waits and is sent again, with the
    /// same idempotency key, when the server answers (``ordersWaitingToResend()``).
    @discardableResult
    public func markWaiting(id: Int64, reason: String) throws -> Order {
        try database.write { db in
            var row = try Self.unsentOrderRow(id, db)
            row.setState(.waiting(reason: reason))
            try save(&row, db)
            return try Self.loadOrder(id, db)
        }
    }

    /// The ids of the orders waiting to be sent again, oldest first.
    public func ordersWaitingToResend() throws -> [Int64] {
        try database.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM order_order WHERE state = 'notSent' AND waitingToResend ORDER BY savedAt, id")
        }
    }

    /// Records a refused or unanswered send with its reason, so the agent can resend.
    @discardableResult
    public func markNotSent(id: Int64, reason: String) throws -> Order {
        try database.write { db in
            var row = try Self.unsentOrderRow(id, db)
            row.setState(.notSent(reason: reason))
            try save(&row, db)
            return try Self.loadOrder(id, db)
        }
    }

    /// The order's gross, discount and net totals.
    public func totals(of orderID: Int64) throws -> OrderTotals {
        guard let order = try order(id: orderID) else { throw AgentStoreError.unknownOrder(orderID) }
        do throws(PricingError) { return try order.totals() } catch { throw AgentStoreError.pricing(error) }
    }

    /// Everything that keeps the order from being sent (`OrderValidation`), checked against the
    /// stored customer, supplier and price list; empty when it may be sent.
    public func sendingProblems(orderID: Int64) throws -> [OrderProblem] {
        try database.read { db in
            let order = try Self.loadOrder(orderID, db)
            let customer = try order.customerID.flatMap { try CustomerRow.fetchOne(db, key: $0)?.customer }
            let supplier = try order.supplierID.flatMap { try SupplierRow.fetchOne(db, key: $0)?.supplier }
            let ids = order.lines.compactMap(\.productID)
            var products: [Int64: Product] = [:]
            for row in try ProductRow.fetchAll(db, keys: ids) { if let id = row.id { products[id] = try row.product() } }
            return OrderValidation.problems(in: order, customer: customer, supplier: supplier, products: products)
        }
    }

    // MARK: Helpers

    /// Stamps the auto-save time and the current names, then writes the header.
    private func save(_ row: inout OrderRow, _ db: Database) throws {
        row.savedAt = now()
        if let id = row.customerId, let name = try String.fetchOne(db, sql: "SELECT companyName FROM order_customer WHERE id = ?", arguments: [id]) {
            row.customerName = name
        }
        if let id = row.supplierId, let name = try String.fetchOne(db, sql: "SELECT name FROM order_supplier WHERE id = ?", arguments: [id]) {
            row.supplierName = name
        }
        if row.customerId == nil { row.customerName = "" }
        if row.supplierId == nil { row.supplierName = "" }
        try row.update(db)
    }

    /// The order's row, to edit: refused once it is sent, or once it went to the company at all.
    static func editableOrderRow(_ id: Int64, _ db: Database) throws -> OrderRow {
        let row = try unsentOrderRow(id, db)
        guard try !isLocked(id, db) else { throw AgentStoreError.orderLocked(id) }
        return row
    }

    /// The order's row, to record a send's outcome: refused only once it is sent.
    static func unsentOrderRow(_ id: Int64, _ db: Database) throws -> OrderRow {
        guard let row = try OrderRow.fetchOne(db, key: id) else { throw AgentStoreError.unknownOrder(id) }
        guard !row.isSent else { throw AgentStoreError.orderAlreadySent(id) }
        return row
    }

    static func lineRow(orderID: Int64, index: Int, _ db: Database) throws -> LineRow {
        guard let line = try LineRow.filter(Column("orderId") == orderID && Column("position") == index).fetchOne(db) else {
            let count = try LineRow.filter(Column("orderId") == orderID).fetchCount(db)
            throw AgentStoreError.unknownLine(orderID: orderID, index: index, count: count)
        }
        return line
    }

    static func discountLevels(customerID: Int64?, supplierID: Int64?, productID: Int64, _ db: Database) throws -> [Decimal] {
        guard let customerID, let supplierID else { return [] }
        return try applicableDiscount(supplierID: supplierID, customerID: customerID, productID: productID, db)?.levels ?? []
    }

    static func loadOrder(_ id: Int64, _ db: Database) throws -> Order {
        // Prepared once per connection: the history loads fifty orders a screen, and preparing
        // each query anew was half of that screen's time (issue 44's profile).
        let orderQuery = try db.cachedStatement(sql: "SELECT * FROM \(OrderRow.databaseTableName) WHERE id = ?")
        guard let row = try OrderRow.fetchOne(orderQuery, arguments: [id]) else { throw AgentStoreError.unknownOrder(id) }
        let linesQuery = try db.cachedStatement(sql: "SELECT * FROM \(LineRow.databaseTableName) WHERE orderId = ? ORDER BY position")
        let lines = try LineRow.fetchAll(linesQuery, arguments: [id]).map { try $0.line() }
        return try row.order(lines: lines)
    }

    /// Loads the order and checks that it can still be priced; the caller's transaction is
    /// rolled back otherwise, so an absurd quantity never reaches the database.
    static func loadPricedOrder(_ id: Int64, _ db: Database) throws -> Order {
        let order = try loadOrder(id, db)
        do throws(PricingError) { _ = try order.totals() } catch { throw AgentStoreError.pricing(error) }
        return order
    }
}
