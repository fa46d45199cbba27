import Amounts
import Foundation
import Hummingbird
import TicketKit
import WebCore

// The JSON the tickets API reads and writes. Kit values are Codable and go out as they are;
// money is always a decimal string ("1.70"), never a float.

struct PurchaseInput: Decodable {
    struct Line: Decodable {
        let product: String
        let quantity: Int
    }

    let `operator`: String
    let service: String
    let lines: [Line]
    /// YYYY-MM-DD in the operator's time zone; subscriptions only.
    let start: String?
    /// A pass's holder (required for a subscription) and card number.
    let holder: String?
    let cardNumber: String?
}

struct CatalogueBody: ResponseEncodable {
    let provinces: [Province]
    let operators: [TransportOperator]
    let products: [TicketProduct]

    init(_ catalogue: TicketCatalogue) {
        provinces = catalogue.provinces
        operators = catalogue.operators
        products = catalogue.products
    }
}

struct ProvinceList: ResponseEncodable { let provinces: [Province] }

struct NearestBody: ResponseEncodable {
    let province: Province
    let kilometres: Double
}

struct ProvinceBody: ResponseEncodable {
    let province: Province
    let operators: [TransportOperator]
}

struct OperatorBody: ResponseEncodable {
    let `operator`: TransportOperator
    let products: [TicketProduct]
}

struct QuoteBody: ResponseEncodable {
    struct Line: Encodable {
        let product: String
        let name: String
        let quantity: Int
        let unitPrice: Money
        let lineTotal: Money
        let validFrom: Date?
        let validUntil: Date?
        /// A pass covering part of its calendar period at the full price.
        let partialPeriod: QuotedLine.PartialPeriod?
    }

    let `operator`: String
    let lines: [Line]
    let total: Money
    let payment: [PaymentSMS]

    init(_ quote: Quote) {
        `operator` = quote.operator.code
        lines = quote.lines.map {
            Line(product: $0.product.code, name: $0.product.name, quantity: $0.quantity, unitPrice: $0.unitPrice, lineTotal: $0.lineTotal, validFrom: $0.validity?.start, validUntil: $0.validity?.end,
                 partialPeriod: $0.partialPeriod)
        }
        total = quote.total
        payment = quote.paymentMessages
    }
}

struct IssuedTicketBody: ResponseEncodable {
    let id: Int64
    let purchase: Int64
    let `operator`: String
    let product: String
    let name: String
    let state: String
    let serial: String?
    let payload: String?
    let validFrom: Date?
    let validUntil: Date?
    let qr: String?
    /// An SMS operator's ticket: the request to send (with its `sms:` link) and the operator's reply.
    let sms: PaymentSMS?
    let smsLink: String?
    let smsSentAt: Date?
    let reply: String?
    let replyCode: String?
    let holder: String?
    let cardNumber: String?

    init(_ ticket: IssuedTicket) {
        id = ticket.id
        purchase = ticket.purchaseID
        `operator` = ticket.operatorCode
        product = ticket.productCode
        name = ticket.productName
        state = ticket.state.rawValue
        // A string: UInt64 serials do not survive JavaScript's doubles.
        serial = ticket.serial.map(String.init)
        payload = ticket.payload
        validFrom = ticket.validFrom
        validUntil = ticket.validUntil
        qr = ticket.payload == nil ? nil : "/api/tickets/tickets/\(ticket.id)/qr.png"
        sms = ticket.sms
        smsLink = ticket.sms.map { SMSLink.uri(recipient: $0.recipient, body: $0.body) }
        smsSentAt = ticket.smsSentAt
        reply = ticket.replySMS
        replyCode = ticket.replyCode
        holder = ticket.holder
        cardNumber = ticket.cardNumber
    }
}

struct PurchaseBody: ResponseEncodable {
    let id: Int64
    let `operator`: String
    let total: Money
    /// `awaitingPayment`, `paid` or `cancelled`: nothing of it is valid before `paid`.
    let state: String
    /// `bottega` (the operator confirms the payment to Bottega), `operatorSMS` (the operator's
    /// reply SMS is each ticket), as ``PaymentRoute``.
    let paymentRoute: String
    let paidAt: Date?
    let holder: String?
    let cardNumber: String?
    let payment: [PaymentSMS]
    let smsLinks: [String]
    let tickets: [IssuedTicketBody]

    init(_ purchase: Purchase) {
        id = purchase.id
        `operator` = purchase.operatorCode
        total = purchase.total
        state = purchase.state.rawValue
        paymentRoute = purchase.paymentRoute.rawValue
        paidAt = purchase.paidAt
        (holder, cardNumber) = (purchase.holder, purchase.cardNumber)
        // A ride sold by SMS, single or of "multiple", is paid by its own SMS on boarding, not now.
        let messages = purchase.paymentRoute == .operatorSMS && purchase.service != .subscription ? [] : purchase.paymentMessages
        payment = purchase.state == .awaitingPayment ? messages : []
        smsLinks = payment.map { SMSLink.uri(recipient: $0.recipient, body: $0.body) }
        tickets = purchase.tickets.map(IssuedTicketBody.init)
    }
}

struct PurchaseList: ResponseEncodable {
    struct Item: Encodable {
        let id: Int64
        let `operator`: String
        let total: Money
        let created: Date
        let state: String
    }

    let purchases: [Item]

    init(purchases: [Purchase]) {
        self.purchases = purchases.map { Item(id: $0.id, operator: $0.operatorCode, total: $0.total, created: $0.created, state: $0.state.rawValue) }
    }
}

struct TicketList: ResponseEncodable { let tickets: [IssuedTicketBody] }

/// The verification outcome as TicketKit reports it, sent as it is.
extension TicketVerificationReport: ResponseEncodable {}

/// `GET /api/tickets/public-keys`: every operator's key and the server's own (``TicketSigningKeys``).
struct PublicKeysBody: ResponseEncodable {
    let keys: [TicketPublicKey]
}

struct PublicKeyBody: ResponseEncodable {
    /// The raw 32-byte Ed25519 public key, base64: what an inspector's device needs.
    let publicKey: String
}

extension Province: ResponseEncodable {}
extension TransportOperator: ResponseEncodable {}
extension TicketProduct: ResponseEncodable {}

/// `POST /api/tickets/tickets/{id}/reply`: the operator's reply SMS, pasted.
struct ReplyInput: Decodable {
    let text: String
}

/// What the payment system learns from a confirmation Bottega accepted.
struct PaymentReceipt: ResponseEncodable {
    let purchase: Int64
    let state: String
    let paidAt: Date?
}
