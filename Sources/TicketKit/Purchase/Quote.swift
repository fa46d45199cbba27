import Amounts
import Foundation

/// The summary screen: what the purchase costs, what each line is valid for, and the SMS that
/// pay for it.
public struct Quote: Sendable, Hashable, Codable {
    public var `operator`: TransportOperator
    public var service: TicketService
    public var lines: [QuotedLine]
    public var total: Money
    /// The instant the quote was made, in whole seconds: single rides are valid from it.
    public var quotedAt: Date
    /// The SMS to send, in order; empty when the purchase cannot be paid by SMS.
    public var paymentMessages: [PaymentSMS]
    /// Why there is no SMS payment (no number, or a product without a keyword); nil when
    /// `paymentMessages` holds them. The app hides the SMS button and shows this instead.
    public var smsUnavailableReason: String?

    public var canPayBySMS: Bool { !paymentMessages.isEmpty }

    public init(
        operator: TransportOperator, service: TicketService, lines: [QuotedLine], total: Money, quotedAt: Date,
        paymentMessages: [PaymentSMS], smsUnavailableReason: String?
    ) {
        self.operator = `operator`
        self.service = service
        self.lines = lines
        self.total = total
        self.quotedAt = quotedAt
        self.paymentMessages = paymentMessages
        self.smsUnavailableReason = smsUnavailableReason
    }
}

/// One line of a quote, priced.
public struct QuotedLine: Sendable, Hashable, Codable {
    public var product: TicketProduct
    public var quantity: Int
    public var unitPrice: Money
    public var lineTotal: Money
    /// When the line's tickets are valid: a single ride from the purchase for its minutes, a
    /// pass for the calendar period of its start day (`SubscriptionPeriod`). Nil for rides
    /// bought as "multiple": each is valid from its own activation.
    public var validFrom: Date?
    public var validUntil: Date?
    /// A pass that covers only part of its calendar period (bought on 31 December, a month pass
    /// lasts one day) at the full price: how much it covers, and when the next period starts.
    public var partialPeriod: PartialPeriod?

    public struct PartialPeriod: Sendable, Hashable, Codable {
        public var coveredDays: Int
        public var periodDays: Int
        /// The first day of the next period, as "yyyy-MM-dd" in the operator's zone.
        public var nextPeriodStarts: String

        public init(coveredDays: Int, periodDays: Int, nextPeriodStarts: String) {
            (self.coveredDays, self.periodDays, self.nextPeriodStarts) = (coveredDays, periodDays, nextPeriodStarts)
        }
    }

    public init(product: TicketProduct, quantity: Int, unitPrice: Money, lineTotal: Money, validFrom: Date?, validUntil: Date?) {
        self.product = product
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.lineTotal = lineTotal
        self.validFrom = validFrom
        self.validUntil = validUntil
    }

    /// How many tickets the line issues: a carnet's rides count one by one.
    public var ticketCount: Int { quantity * product.rides }

    public var validity: DateInterval? {
        guard let validFrom, let validUntil else { return nil }
        return DateInterval(start: validFrom, end: validUntil)
    }
}
