import Foundation

/// What a rider asks to buy from one operator: the thesis's summary screen, before paying.
public struct PurchaseRequest: Sendable, Hashable, Codable {
    public var operatorCode: String
    /// The service chosen on the operator's screen; every line must be sold under it.
    public var service: TicketService
    public var lines: [PurchaseLine]
    /// The first day of a subscription (any time on that day, read in the operator's zone);
    /// nil means today. Ride tickets ignore it: a ride is valid from the purchase ("single")
    /// or from its activation ("multiple"), never from a stamp chosen in advance, as with the
    /// SMS tickets of NOTES.md §4.
    public var start: Date?
    /// A pass's holder (required for a subscription: the name an inspector checks against an
    /// ID) and, where the operator uses one, the rider's card number (§12.3.3: a pass renews
    /// a card the rider already has).
    public var holder: String?
    public var cardNumber: String?

    public init(operatorCode: String, service: TicketService, lines: [PurchaseLine], start: Date? = nil, holder: String? = nil, cardNumber: String? = nil) {
        self.operatorCode = operatorCode
        self.service = service
        self.lines = lines
        self.start = start
        self.holder = holder
        self.cardNumber = cardNumber
    }
}

/// One row of the purchase: a product and how many.
public struct PurchaseLine: Sendable, Hashable, Codable {
    public var productCode: String
    public var quantity: Int

    public init(productCode: String, quantity: Int) {
        self.productCode = productCode
        self.quantity = quantity
    }
}

/// The limits a purchase respects.
public enum PurchaseRules {
    /// Per line: the thesis's + and − buttons stop at 20; more is a typing error, or a
    /// script, not a rider.
    public static let quantities = 1...20
    /// A subscription may start at most this many days after today (a year pass bought in
    /// advance for next year, leap years included).
    public static let maximumDaysAhead = 366
}
