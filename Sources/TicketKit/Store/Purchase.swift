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

    public init(
        id: Int64, owner: String, operatorCode: String, operatorName: String, service: TicketService, lines: [PurchasedLine],
        total: Money, start: Date?, created: Date, paymentMessages: [PaymentSMS], smsUnavailableReason: String?,
        tickets: [IssuedTicket]
    ) {
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
