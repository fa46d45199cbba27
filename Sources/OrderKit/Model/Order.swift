import Amounts
import Foundation

/// One line of an order: what was ordered, at which price and discount, and its total. The
/// price, description and discount are copied from the price list when the line is added, so
/// a later price change never rewrites an order already taken.
public struct OrderLine: Sendable, Hashable, Codable {
    public var productID: Int64?
    public var productCode: String
    public var description: String
    public var quantity: Int
    public var unitPrice: Money
    /// The cascaded percentages that applied (empty: none).
    public var discountLevels: [Decimal]

    public init(productID: Int64?, productCode: String, description: String, quantity: Int, unitPrice: Money, discountLevels: [Decimal] = []) {
        self.productID = productID
        self.productCode = productCode
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.discountLevels = discountLevels
    }
}

/// Where an order is in its life: being written, sent and acknowledged by the company, or sent
/// and refused or unanswered (with why, so the agent can resend).
public enum OrderState: Sendable, Hashable, Codable {
    case draft
    case sent(at: Date)
    case notSent(reason: String)
}

/// An order taken by the agent: customer, supplier, lines and the thesis's commercial terms.
public struct Order: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64?
    /// Sent with every attempt, so the company never registers one order twice when a send is
    /// retried after a lost answer.
    public var idempotencyKey: UUID
    public var customerID: Int64?
    public var supplierID: Int64?
    public var lines: [OrderLine]
    public var date: Date
    public var delivery: String
    public var payment: String
    public var bank: String
    public var packing: String
    public var deliveryTerms: String
    public var notes: String
    public var state: OrderState

    public init(
        id: Int64? = nil, idempotencyKey: UUID = UUID(), customerID: Int64? = nil, supplierID: Int64? = nil, lines: [OrderLine] = [],
        date: Date, delivery: String = "", payment: String = "", bank: String = "", packing: String = "", deliveryTerms: String = "",
        notes: String = "", state: OrderState = .draft
    ) {
        self.id = id
        self.idempotencyKey = idempotencyKey
        self.customerID = customerID
        self.supplierID = supplierID
        self.lines = lines
        self.date = date
        self.delivery = delivery
        self.payment = payment
        self.bank = bank
        self.packing = packing
        self.deliveryTerms = deliveryTerms
        self.notes = notes
        self.state = state
    }
}
