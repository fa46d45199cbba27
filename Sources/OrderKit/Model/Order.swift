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
    /// The price list's price per piece (up to six decimals), or the agent's.
    public var unitPrice: UnitPrice
    /// The cascaded percentages that applied (empty: none).
    public var discountLevels: [Decimal]
    /// Typed by the agent, not from the price list (UC1: "dati che non fanno riferimento a ciò
    /// che è stato precedentemente inserito"): code, description, price and quantity as typed.
    public var isFreeText: Bool
    /// The agent changed the price list's price for this line.
    public var isPriceOverridden: Bool
    /// The agent changed the discount the customer's conditions gave this line.
    public var isDiscountOverridden: Bool
    /// The product's VAT rate, copied with its price (22 % unless the company's sheet says otherwise).
    public var vatRate: VATRate

    public init(
        productID: Int64?, productCode: String, description: String, quantity: Int, unitPrice: UnitPrice, discountLevels: [Decimal] = [],
        isFreeText: Bool = false, isPriceOverridden: Bool = false, isDiscountOverridden: Bool = false, vatRate: VATRate = .standard
    ) {
        self.productID = productID
        self.productCode = productCode
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.discountLevels = discountLevels
        self.isFreeText = isFreeText
        self.isPriceOverridden = isPriceOverridden
        self.isDiscountOverridden = isDiscountOverridden
        self.vatRate = vatRate
    }

    /// A line whose price is whole cents.
    public init(
        productID: Int64?, productCode: String, description: String, quantity: Int, unitPrice: Money, discountLevels: [Decimal] = [],
        isFreeText: Bool = false, isPriceOverridden: Bool = false, isDiscountOverridden: Bool = false, vatRate: VATRate = .standard
    ) {
        self.init(
            productID: productID, productCode: productCode, description: description, quantity: quantity, unitPrice: UnitPrice(unitPrice),
            discountLevels: discountLevels, isFreeText: isFreeText, isPriceOverridden: isPriceOverridden, isDiscountOverridden: isDiscountOverridden,
            vatRate: vatRate)
    }

    private enum CodingKeys: String, CodingKey {
        case productID, productCode, description, quantity, unitPrice, discountLevels, isFreeText, isPriceOverridden, isDiscountOverridden, vatRate
    }

    /// Lines sent before these flags existed read as lines of the price list, unchanged, at 22 %.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        productID = try container.decodeIfPresent(Int64.self, forKey: .productID)
        productCode = try container.decode(String.self, forKey: .productCode)
        description = try container.decode(String.self, forKey: .description)
        quantity = try container.decode(Int.self, forKey: .quantity)
        unitPrice = try container.decode(UnitPrice.self, forKey: .unitPrice)
        discountLevels = try container.decode([Decimal].self, forKey: .discountLevels)
        isFreeText = try container.decodeIfPresent(Bool.self, forKey: .isFreeText) ?? false
        isPriceOverridden = try container.decodeIfPresent(Bool.self, forKey: .isPriceOverridden) ?? false
        isDiscountOverridden = try container.decodeIfPresent(Bool.self, forKey: .isDiscountOverridden) ?? false
        vatRate = try container.decodeIfPresent(VATRate.self, forKey: .vatRate) ?? .standard
    }
}

/// Where an order is in its life: being written, sent and acknowledged by the company, or sent
/// and refused or unanswered (with why, so the agent can resend).
public enum OrderState: Sendable, Hashable, Codable {
    case draft
    case sent(at: Date)
    case notSent(reason: String)
    /// Not sent because the company's server could not be reached or did not answer (`reason`
    /// says which); it is sent again, with the same idempotency key, when the server answers.
    case waiting(reason: String)
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
    /// The company's number for the order (each company numbers its own), once it has it.
    public var companyNumber: Int64?

    public init(
        id: Int64? = nil, idempotencyKey: UUID = UUID(), customerID: Int64? = nil, supplierID: Int64? = nil, lines: [OrderLine] = [],
        date: Date, delivery: String = "", payment: String = "", bank: String = "", packing: String = "", deliveryTerms: String = "",
        notes: String = "", state: OrderState = .draft, companyNumber: Int64? = nil
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
        self.companyNumber = companyNumber
    }
}
