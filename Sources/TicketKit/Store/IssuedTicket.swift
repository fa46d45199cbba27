import Foundation

/// A ticket in "My tickets": bought, and either waiting to be paid, activated or signed.
public struct IssuedTicket: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable {
        /// Its purchase is not paid yet: nothing of it is valid, there is no QR Code.
        case awaitingPayment
        /// An SMS ride sent (activated) whose operator's reply has not been pasted yet.
        case awaitingReply
        /// Its purchase was cancelled.
        case cancelled
        /// A ride bought as "multiple", not yet activated: no serial, payload or validity.
        case unused
        /// A pass whose first day has not come yet.
        case upcoming
        case active
        case expired
    }

    public var id: Int64
    public var purchaseID: Int64
    public var owner: String
    public var operatorCode: String
    public var productCode: String
    public var productName: String
    /// The signed ticket's serial; nil while unused.
    public var serial: UInt64?
    /// The signed text for the QR Code (`TicketPayload`); nil while unused.
    public var payload: String?
    public var validFrom: Date?
    public var validUntil: Date?
    /// A ride's minutes (what activation grants); nil for a pass.
    public var validityMinutes: Int?
    /// When it was bought.
    public var created: Date
    /// Derived from the purchase, the validity and the store's clock when the ticket was read.
    public var state: State
    /// How its purchase is paid (``PaymentRoute``).
    public var paymentRoute: PaymentRoute
    /// An SMS operator's ticket: the request SMS to send (a ride's is composed at its activation),
    /// when it was sent, and the operator's reply (which is the ticket) with the code read from it.
    public var sms: PaymentSMS?
    public var smsSentAt: Date?
    public var replySMS: String?
    public var replyCode: String?
    /// A pass's holder and card number, printed on its signed ticket.
    public var holder: String?
    public var cardNumber: String?

    public init(
        id: Int64, purchaseID: Int64, owner: String, operatorCode: String, productCode: String, productName: String,
        serial: UInt64?, payload: String?, validFrom: Date?, validUntil: Date?, validityMinutes: Int?, created: Date,
        state: State, paymentRoute: PaymentRoute = .bottega, sms: PaymentSMS? = nil, smsSentAt: Date? = nil,
        replySMS: String? = nil, replyCode: String? = nil, holder: String? = nil, cardNumber: String? = nil
    ) {
        self.paymentRoute = paymentRoute
        self.sms = sms
        self.smsSentAt = smsSentAt
        self.replySMS = replySMS
        self.replyCode = replyCode
        self.holder = holder
        self.cardNumber = cardNumber
        self.id = id
        self.purchaseID = purchaseID
        self.owner = owner
        self.operatorCode = operatorCode
        self.productCode = productCode
        self.productName = productName
        self.serial = serial
        self.payload = payload
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.validityMinutes = validityMinutes
        self.created = created
        self.state = state
    }

    /// The state at `instant`: unused without a validity, then by the half-open interval
    /// [validFrom, validUntil), as `TicketPayload.verify` judges it.
    public static func state(validFrom: Date?, validUntil: Date?, at instant: Date) -> State {
        guard let validFrom, let validUntil else { return .unused }
        if instant < validFrom { return .upcoming }
        return instant < validUntil ? .active : .expired
    }
}
