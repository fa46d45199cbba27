import Amounts
import Foundation
import GRDB

/// A row of `order_order`: the header; the lines are `LineRow`s.
struct OrderRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "order_order"
    var id: Int64?
    /// The UUID as text (GRDB would store a `UUID` as 16 bytes), readable in the sqlite3 shell.
    var idempotencyKey: String
    var customerId: Int64?
    var supplierId: Int64?
    var customerName: String
    var supplierName: String
    var date: Date
    var delivery, payment, bank, packing, deliveryTerms, notes: String
    var state: String
    var sentAt: Date?
    var notSentReason: String?
    var savedAt: Date
    /// The company's number for the order, once it received it.
    var companyNumber: Int64?
    /// Not sent because the server could not be reached or did not answer: resent automatically.
    var waitingToResend: Bool

    init(_ order: Order, savedAt: Date) {
        id = order.id
        idempotencyKey = order.idempotencyKey.uuidString
        customerId = order.customerID
        supplierId = order.supplierID
        customerName = ""
        supplierName = ""
        date = order.date
        (delivery, payment, bank, packing, deliveryTerms, notes) =
            (order.delivery, order.payment, order.bank, order.packing, order.deliveryTerms, order.notes)
        self.savedAt = savedAt
        companyNumber = order.companyNumber
        waitingToResend = false
        state = "draft"
        setState(order.state)
    }

    mutating func setState(_ orderState: OrderState) {
        switch orderState {
        case .draft: (state, sentAt, notSentReason, waitingToResend) = ("draft", nil, nil, false)
        case .sent(let at): (state, sentAt, notSentReason, waitingToResend) = ("sent", at, nil, false)
        case .notSent(let reason): (state, sentAt, notSentReason, waitingToResend) = ("notSent", nil, reason, false)
        case .waiting(let reason): (state, sentAt, notSentReason, waitingToResend) = ("notSent", nil, reason, true)
        }
    }

    func orderState() throws -> OrderState {
        switch state {
        case "draft": return .draft
        case "sent":
            guard let sentAt else { throw AgentStoreError.damagedRecord("order #\(id ?? 0) is sent without a date") }
            return .sent(at: sentAt)
        case "notSent": return waitingToResend ? .waiting(reason: notSentReason ?? "") : .notSent(reason: notSentReason ?? "")
        default: throw AgentStoreError.damagedRecord("order #\(id ?? 0) has the state \"\(state)\"")
        }
    }

    var isSent: Bool { state == "sent" }

    func order(lines: [OrderLine]) throws -> Order {
        guard let key = UUID(uuidString: idempotencyKey) else {
            throw AgentStoreError.damagedRecord("order #\(id ?? 0) has the idempotency key \"\(idempotencyKey)\"")
        }
        return Order(
            id: id, idempotencyKey: key, customerID: customerId, supplierID: supplierId, lines: lines, date: date,
            delivery: delivery, payment: payment, bank: bank, packing: packing, deliveryTerms: deliveryTerms, notes: notes,
            state: try orderState(), companyNumber: companyNumber
        )
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `order_line`: a copy of the product's code, description, price and discount.
struct LineRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "order_line"
    var id: Int64?
    var orderId: Int64
    var position: Int
    var productId: Int64?
    var productCode: String
    var description: String
    var quantity: Int
    var unitPriceCents: Int
    var unitPriceMicros: Int
    var discountLevels: String
    var isFreeText: Bool
    var isPriceOverridden: Bool
    var isDiscountOverridden: Bool
    var vatRateHundredths: Int

    init(_ line: OrderLine, orderID: Int64, position: Int) {
        orderId = orderID
        self.position = position
        productId = line.productID
        productCode = line.productCode
        description = line.description
        quantity = line.quantity
        unitPriceMicros = line.unitPrice.micros
        unitPriceCents = (line.unitPrice.micros + 5_000) / 10_000
        discountLevels = DiscountCascade.text(line.discountLevels)
        isFreeText = line.isFreeText
        isPriceOverridden = line.isPriceOverridden
        isDiscountOverridden = line.isDiscountOverridden
        vatRateHundredths = line.vatRate.hundredths
    }

    func line() throws -> OrderLine {
        guard let price = UnitPrice(micros: unitPriceMicros), let levels = DiscountCascade.levels(fromText: discountLevels),
              let vatRate = VATRate(hundredths: vatRateHundredths) else {
            throw AgentStoreError.damagedRecord("line \(position + 1) of order #\(orderId) has a price or discount that cannot be read")
        }
        return OrderLine(productID: productId, productCode: productCode, description: description, quantity: quantity,
                         unitPrice: price, discountLevels: levels, isFreeText: isFreeText, isPriceOverridden: isPriceOverridden,
                         isDiscountOverridden: isDiscountOverridden, vatRate: vatRate)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
