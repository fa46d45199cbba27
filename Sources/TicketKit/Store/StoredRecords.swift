import Amounts
import Foundation
import GRDB

/// A row of `ticket_province`.
struct ProvinceRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "ticket_province"
    var code: String
    var name: String
    var region: String
    var capital: String
    var latitude: Double
    var longitude: Double

    init(_ province: Province) {
        code = province.code
        name = province.name
        region = province.region
        capital = province.capital
        latitude = province.capitalCoordinate.latitude
        longitude = province.capitalCoordinate.longitude
    }

    var province: Province {
        Province(code: code, name: name, region: region, capital: capital,
                 capitalCoordinate: Coordinate(latitude: latitude, longitude: longitude))
    }
}

/// A row of `ticket_operator`; its provinces are in `ticket_operator_province`.
struct OperatorRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "ticket_operator"
    var code: String
    var name: String
    var services: String
    var smsNumber: String?
    var messageTemplate: String
    var timeZone: String
    var website: String?
    var isSample: Bool
    var source: String
    var asOf: String

    init(_ op: TransportOperator) {
        code = op.code
        name = op.name
        services = TicketService.allCases.filter(op.services.contains).map(\.rawValue).joined(separator: ",")
        smsNumber = op.smsNumber
        messageTemplate = op.messageTemplate
        timeZone = op.timeZone
        website = op.website
        isSample = op.isSample
        source = op.source
        asOf = op.asOf
    }

    func transportOperator(provinceCodes: [String]) throws -> TransportOperator {
        var offered = Set<TicketService>()
        for name in services.split(separator: ",") {
            guard let service = TicketService(rawValue: String(name)) else {
                throw TicketStoreError.damagedRecord("operator \(code) offers an unknown service \"\(name)\"")
            }
            offered.insert(service)
        }
        return TransportOperator(
            code: code, name: name, provinceCodes: provinceCodes, services: offered, smsNumber: smsNumber,
            messageTemplate: messageTemplate, timeZone: timeZone, website: website, isSample: isSample, source: source, asOf: asOf)
    }
}

/// A row of `ticket_operator_province`.
struct OperatorProvinceRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "ticket_operator_province"
    var operatorCode: String
    var provinceCode: String
    var position: Int
}

/// A row of `ticket_product`: the kind flattened into columns, the price as decimal text.
struct ProductRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "ticket_product"
    var code: String
    var operatorCode: String
    var name: String
    var kind: String
    var validityMinutes: Int?
    var subscriptionType: String?
    var period: String?
    var rides: Int
    var price: String
    var smsKeyword: String
    var isSample: Bool
    var source: String
    var asOf: String

    init(_ product: TicketProduct) {
        code = product.code
        operatorCode = product.operatorCode
        name = product.name
        switch product.kind {
        case .ride(let minutes):
            kind = "ride"
            validityMinutes = minutes
        case .subscription(let type, let period):
            kind = "subscription"
            subscriptionType = type
            self.period = period.rawValue
        }
        rides = product.rides
        price = product.price.plainText
        smsKeyword = product.smsKeyword
        isSample = product.isSample
        source = product.source
        asOf = product.asOf
    }

    func product() throws -> TicketProduct {
        let productKind: ProductKind
        switch (kind, validityMinutes, subscriptionType, period.flatMap(SubscriptionPeriod.init(rawValue:))) {
        case ("ride", let minutes?, _, _): productKind = .ride(validityMinutes: minutes)
        case ("subscription", _, let type?, let period?): productKind = .subscription(type: type, period: period)
        default: throw TicketStoreError.damagedRecord("product \(code) has an incomplete kind \"\(kind)\"")
        }
        guard let money = Money(price) else { throw TicketStoreError.damagedRecord("product \(code) has the price \"\(price)\"") }
        return TicketProduct(
            code: code, operatorCode: operatorCode, name: name, kind: productKind, price: money, smsKeyword: smsKeyword,
            rides: rides, isSample: isSample, source: source, asOf: asOf)
    }
}

/// A row of `ticket_purchase`.
struct PurchaseRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable, Equatable {
    static let databaseTableName = "ticket_purchase"
    var id: Int64?
    var owner: String
    var operatorCode: String
    var operatorName: String
    var service: String
    var total: String
    var start: Date?
    var paymentMessages: [PaymentSMS]
    var smsUnavailableReason: String?
    var created: Date
    var state: String
    var paymentRoute: String
    var paidAt: Date?
    var paymentReference: String?
    var cancelledAt: Date?
    var holder: String?
    var cardNumber: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var purchaseState: PurchaseState { PurchaseState(rawValue: state) ?? .awaitingPayment }
    var route: PaymentRoute { PaymentRoute(rawValue: paymentRoute) ?? .bottega }
}

/// A row of `ticket_purchase_line`.
struct PurchaseLineRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "ticket_purchase_line"
    var purchaseId: Int64
    var position: Int
    var productCode: String
    var productName: String
    var quantity: Int
    var unitPrice: String
    var lineTotal: String

    func line() throws -> PurchasedLine {
        guard let unit = Money(unitPrice), let total = Money(lineTotal) else {
            throw TicketStoreError.damagedRecord("purchase \(purchaseId) line \(position) has a price that is not an amount")
        }
        return PurchasedLine(productCode: productCode, productName: productName, quantity: quantity, unitPrice: unit, lineTotal: total)
    }
}

/// A row of `ticket_issued`.
struct IssuedRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable, Equatable {
    static let databaseTableName = "ticket_issued"
    var id: Int64?
    var purchaseId: Int64
    var owner: String
    var operatorCode: String
    var productCode: String
    var productName: String
    var validityMinutes: Int?
    var serial: Int64?
    var payload: String?
    var validFrom: Date?
    var validUntil: Date?
    var created: Date
    var sms: PaymentSMS?
    var smsSentAt: Date?
    var replySMS: String?
    var replyCode: String?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The ticket as its purchase stands: nothing of an unpaid or cancelled purchase is valid.
    func ticket(at instant: Date, purchase: PurchaseRow) -> IssuedTicket {
        let state: IssuedTicket.State
        switch (purchase.purchaseState, purchase.route) {
        case (.cancelled, _):
            state = .cancelled
        case (_, .operatorSMS) where replySMS == nil:
            state = smsSentAt != nil ? .awaitingReply : (sms == nil ? .unused : .awaitingPayment)
        case (.awaitingPayment, .bottega), (.awaitingPayment, .elsewhere):
            state = .awaitingPayment
        default:
            state = IssuedTicket.state(validFrom: validFrom, validUntil: validUntil, at: instant)
        }
        let paid = state != .awaitingPayment && state != .cancelled
        return IssuedTicket(
            id: id ?? 0, purchaseID: purchaseId, owner: owner, operatorCode: operatorCode, productCode: productCode,
            productName: productName, serial: paid ? serial.map { UInt64(bitPattern: $0) } : nil, payload: paid ? payload : nil,
            validFrom: validFrom, validUntil: validUntil, validityMinutes: validityMinutes, created: created, state: state,
            paymentRoute: purchase.route, sms: sms, smsSentAt: smsSentAt, replySMS: replySMS, replyCode: replyCode,
            holder: purchase.holder, cardNumber: purchase.cardNumber)
    }
}
