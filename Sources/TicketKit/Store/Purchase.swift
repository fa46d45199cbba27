import Amounts
import Foundation

/// A recorded purchase, as it was sold: names and prices are copies, so later catalogue
/// edits do not rewrite history.
public struct Purchase: Sendable, Hashable, Codable {
    public var id: Int64
    public var owner: String
    public var operatorCode: String
    public var operatorName: String
    public var service: TicketService
    public var lines: [PurchasedLine]
    public var total: Money
    /// The start day asked for (passes), if any.
    public var start: Date?
    public var created: Date
    /// The payment SMS composed when it was bought (see `Quote.paymentMessages`).
    public var paymentMessages: [PaymentSMS]
    public var smsUnavailableReason: String?
    /// The tickets it issued, in issue order.
    public var tickets: [IssuedTicket]
    public var state: PurchaseState
    public var paymentRoute: PaymentRoute
    public var paidAt: Date?
    /// The operator's payment reference (a signed confirmation's), or "back office".
    public var paymentReference: String?
    /// A pass's holder and card number.
    public var holder: String?
    public var cardNumber: String?

    public init(
        id: Int64, owner: String, operatorCode: String, operatorName: String, service: TicketService, lines: [PurchasedLine],
        total: Money, start: Date?, created: Date, paymentMessages: [PaymentSMS], smsUnavailableReason: String?,
        tickets: [IssuedTicket], state: PurchaseState = .paid, paymentRoute: PaymentRoute = .bottega, paidAt: Date? = nil,
        paymentReference: String? = nil, holder: String? = nil, cardNumber: String? = nil
    ) {
        self.state = state
        self.paymentRoute = paymentRoute
        self.paidAt = paidAt
        self.paymentReference = paymentReference
        self.holder = holder
        self.cardNumber = cardNumber
        self.id = id
        self.owner = owner
        self.operatorCode = operatorCode
        self.operatorName = operatorName
        self.service = service
        self.lines = lines
        self.total = total
        self.start = start
        self.created = created
        self.paymentMessages = paymentMessages
        self.smsUnavailableReason = smsUnavailableReason
        self.tickets = tickets
    }
}

public struct PurchasedLine: Sendable, Hashable, Codable {
    public var productCode: String
    public var productName: String
    public var quantity: Int
    public var unitPrice: Money
    public var lineTotal: Money

    public init(productCode: String, productName: String, quantity: Int, unitPrice: Money, lineTotal: Money) {
        self.productCode = productCode
        self.productName = productName
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.lineTotal = lineTotal
    }
}
