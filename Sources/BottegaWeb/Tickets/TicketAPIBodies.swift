import Amounts
import Foundation
import Hummingbird
import TicketKit

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
    }

    let `operator`: String
    let lines: [Line]
    let total: Money
    let payment: [PaymentSMS]

    init(_ quote: Quote) {
        `operator` = quote.operator.code
        lines = quote.lines.map {
            Line(product: $0.product.code, name: $0.product.name, quantity: $0.quantity, unitPrice: $0.unitPrice, lineTotal: $0.lineTotal, validFrom: $0.validity?.start, validUntil: $0.validity?.end)
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
    }
}

struct PurchaseBody: ResponseEncodable {
    let id: Int64
    let total: Money
    let payment: [PaymentSMS]
    let smsLinks: [String]
    let tickets: [IssuedTicketBody]

    init(purchase: Purchase, tickets: [IssuedTicket]) {
        id = purchase.id
        total = purchase.total
        payment = purchase.paymentMessages
        smsLinks = purchase.paymentMessages.map { SMSLink.uri(recipient: $0.recipient, body: $0.body) }
        self.tickets = tickets.map(IssuedTicketBody.init)
    }
}

struct PurchaseList: ResponseEncodable {
    struct Item: Encodable {
        let id: Int64
        let `operator`: String
        let total: Money
        let created: Date
    }

    let purchases: [Item]

    init(purchases: [Purchase]) {
        self.purchases = purchases.map { Item(id: $0.id, operator: $0.operatorCode, total: $0.total, created: $0.created) }
    }
}

struct TicketList: ResponseEncodable { let tickets: [IssuedTicketBody] }

/// The verification outcome as TicketKit reports it, sent as it is.
extension TicketVerificationReport: ResponseEncodable {}

struct PublicKeyBody: ResponseEncodable {
    /// The raw 32-byte Ed25519 public key, base64: what an inspector's device needs.
    let publicKey: String
}

extension Province: ResponseEncodable {}
extension TransportOperator: ResponseEncodable {}
extension TicketProduct: ResponseEncodable {}
