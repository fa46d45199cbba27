import Foundation
import Mustache
import TicketKit
import WebCore

/// Labels the ticket screens share.
enum TicketViews {
    static func serviceLabel(_ service: TicketService) -> String {
        switch service {
        case .single: "Single ticket"
        case .multiple: "Multiple tickets"
        case .subscription: "Subscription"
        }
    }

    static func periodLabel(_ period: SubscriptionPeriod) -> String {
        switch period {
        case .week: "week"
        case .month: "month"
        case .semester: "semester"
        case .year: "year"
        }
    }
}

struct ProvinceView: Encodable {
    let code, name, region, capital: String
    /// Set where the screen counts the province's operators.
    let operatorCount: Int?
    let hasOperators: Bool?

    init(_ province: Province, operatorCount: Int? = nil) {
        (code, name, region, capital) = (province.code, province.name, province.region, province.capital)
        self.operatorCount = operatorCount
        hasOperators = operatorCount.map { $0 > 0 }
    }
}

struct OperatorView: Encodable {
    struct ServiceChoice: Encodable {
        let service, label: String
        let offered: Bool
        /// Offered, but none of its products can be paid here: a disabled button saying so.
        let soldElsewhere: Bool
        let href: String
    }

    let code, name: String
    let isSample: Bool
    let source: String
    let services: [ServiceChoice]
    let smsNumber, website: String?
    /// The website as a link: only an http(s) one (``StoredLink``); the admin's form shows `website`.
    let websiteLink: String?
    /// When the SMS number and syntax were last known true.
    let asOf: String?

    /// Nothing of the operator is sold here (no SMS sales, or no product with a keyword).
    let soldNothingHere: Bool

    /// `soldHere`: the services with a product sold here (``TicketCatalogue/servicesSoldHere(by:)``);
    /// all offered ones when not given (the admin's view).
    init(_ op: TransportOperator, soldHere: Set<TicketService>? = nil) {
        (code, name, isSample, source, smsNumber, website) = (op.code, op.name, op.isSample, op.source, op.smsNumber, op.website)
        websiteLink = StoredLink.href(op.website)
        asOf = op.asOf.isEmpty ? nil : op.asOf
        let sold = soldHere ?? op.services
        services = TicketService.allCases.map { service in
            ServiceChoice(
                service: service.rawValue, label: TicketViews.serviceLabel(service), offered: op.services.contains(service) && sold.contains(service),
                soldElsewhere: op.services.contains(service) && !sold.contains(service),
                href: "/tickets/operators/\(op.code)/\(service.rawValue)")
        }
        soldNothingHere = sold.isEmpty
    }
}

struct ProductView: Encodable {
    struct Ride: Encodable {
        let minutes, rides: Int
        let isCarnet: Bool
    }

    struct Pass: Encodable { let type, period: String }

    let code, operatorCode, name, price: String
    let priceCents: Int
    let keyword: String
    let isSample: Bool
    let source: String
    let ride: Ride?
    let subscription: Pass?
    /// "fare as of 2024", and whether that is more than two years ago (``FareAge``).
    let asOf: String?
    let fareIsOld: Bool
    /// No way to pay it here (an SMS operator's product without a keyword): shown, not sold.
    let soldElsewhere: Bool

    init(_ product: TicketProduct, now: Date = Date(), soldElsewhere: Bool = false) {
        self.soldElsewhere = soldElsewhere
        (code, operatorCode, name, price, priceCents) = (product.code, product.operatorCode, product.name, product.price.formatted, product.price.cents)
        (keyword, isSample, source) = (product.smsKeyword, product.isSample, product.source)
        // An invented fare was never true at any date: its "sample" tag says so, not "fare as of".
        asOf = product.asOf.isEmpty || product.isSample ? nil : product.asOf
        fareIsOld = !product.isSample && (FareAge(product.asOf)?.isStale(at: now) ?? false)
        switch product.kind {
        case .ride(let minutes):
            ride = Ride(minutes: minutes, rides: product.rides, isCarnet: product.rides > 1)
            subscription = nil
        case .subscription(let type, let period):
            ride = nil
            subscription = Pass(type: type, period: TicketViews.periodLabel(period))
        }
    }
}

struct TicketView: Encodable, Hashable, Sendable {
    let id: Int64
    let product, productCode, operatorCode, state, stateLabel: String
    let unused, active, expired: Bool
    let validFrom, validUntil, serial, payload, qr: String?
    /// An SMS operator's ticket: the request to send, the reply to paste, the reply that is the ticket.
    let smsTo, smsBody, smsLink: String?
    let needsReply: Bool
    let reply, replyCode: String?
    let bySMS: Bool
    let holder, cardNumber: String?
    /// An active ride's end, for the live countdown: Unix seconds, and the time left when the
    /// page was made ("1:14:59"), which the script then counts down.
    let countdownUntil: Int64?
    let countdownLeft: String?
    /// When a ticket showing its QR Code stops being valid (Unix seconds), so a copy shown with
    /// no network (issue 42) turns to "expired" by the device's clock, as the server would.
    let expiresAt: Int64?

    init(_ ticket: IssuedTicket, timeZone: TimeZone, now: Date = Date()) {
        (id, product, productCode, operatorCode) = (ticket.id, ticket.productName, ticket.productCode, ticket.operatorCode)
        state = ticket.state.rawValue
        stateLabel = TicketViews.ticketStateLabel(ticket.state)
        unused = ticket.state == .unused
        bySMS = ticket.paymentRoute == .operatorSMS
        // A pass whose first day is still to come is already signed: its QR Code is shown. An
        // SMS operator's ticket has no QR of Bottega's: its reply is shown instead.
        active = (ticket.state == .active || ticket.state == .upcoming) && ticket.payload != nil
        expired = ticket.state == .expired
        smsTo = ticket.replySMS == nil ? ticket.sms?.recipient : nil
        smsBody = ticket.replySMS == nil ? ticket.sms?.body : nil
        smsLink = ticket.replySMS == nil ? ticket.sms.map { SMSLink.uri(recipient: $0.recipient, body: $0.body) } : nil
        needsReply = bySMS && ticket.sms != nil && ticket.replySMS == nil && ticket.state != .cancelled
        (reply, replyCode) = (ticket.replySMS, ticket.replyCode)
        (holder, cardNumber) = (ticket.holder, ticket.cardNumber)
        validFrom = ticket.validFrom.map { DayText.local($0, in: timeZone) }
        validUntil = ticket.validUntil.map { DayText.localEnd($0, in: timeZone) }
        serial = ticket.serial.map { String($0) }
        payload = ticket.payload
        qr = ticket.payload.map { _ in "/tickets/mine/\(ticket.id)/qr.svg" }
        expiresAt = active ? ticket.validUntil.map { Int64($0.timeIntervalSince1970.rounded(.up)) } : nil
        if ticket.state == .active, ticket.validityMinutes != nil, let end = ticket.validUntil {
            countdownUntil = Int64(end.timeIntervalSince1970.rounded(.up))
            countdownLeft = Self.timeLeft(end.timeIntervalSince(now))
        } else {
            (countdownUntil, countdownLeft) = (nil, nil)
        }
    }

    /// "h:mm:ss" of the seconds left (rounded up, so it never reads 0:00:00 while still valid).
    static func timeLeft(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded(.up)))
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }
}

extension TicketViews {
    static func purchaseStateLabel(_ state: PurchaseState) -> String {
        switch state {
        case .awaitingPayment: "awaiting payment"
        case .paid: "paid"
        case .operatorReply: "operator's reply, not verified by Bottega"
        case .cancelled: "cancelled"
        }
    }

    static func ticketStateLabel(_ state: IssuedTicket.State) -> String {
        switch state {
        case .awaitingPayment: "awaiting payment"
        case .awaitingReply: "awaiting the reply SMS"
        case .cancelled: "cancelled"
        case .unused: "unused"
        case .upcoming: "upcoming"
        case .active: "active"
        case .expired: "expired"
        }
    }
}

/// An operator in the admin's form: its public view, and what only the admin edits.
struct AdminOperatorView: Encodable {
    let record: OperatorView
    let provinces, template, timeZone: String
    let replyCodeLabel: String
    let products: [AdminProductView]

    init(_ op: TransportOperator, products: [TicketProduct]) {
        record = OperatorView(op)
        (provinces, template, timeZone) = (op.provinceCodes.joined(separator: " "), op.messageTemplate, op.timeZone)
        replyCodeLabel = op.replyCodeLabel ?? ""
        self.products = products.map(AdminProductView.init)
    }
}

struct AdminProductView: Encodable {
    let record: ProductView
    let plainPrice: String
    let periodValue: String?

    init(_ product: TicketProduct) {
        record = ProductView(product)
        plainPrice = product.price.plainText
        if case .subscription(_, let period) = product.kind { periodValue = period.rawValue } else { periodValue = nil }
    }
}

// My tickets renders a row per ticket, 200 and more: read by `Mirror`, each of a row's 24
// properties cost a runtime type look-up per row (issue 44's profile: 15 ms a page).
// `TicketViewTests` checks every property against the Mirror's reading.
extension TicketView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "product": product
        case "productCode": productCode
        case "operatorCode": operatorCode
        case "state": state
        case "stateLabel": stateLabel
        case "unused": unused
        case "active": active
        case "expired": expired
        case "validFrom": validFrom
        case "validUntil": validUntil
        case "serial": serial
        case "payload": payload
        case "qr": qr
        case "smsTo": smsTo
        case "smsBody": smsBody
        case "smsLink": smsLink
        case "needsReply": needsReply
        case "reply": reply
        case "replyCode": replyCode
        case "bySMS": bySMS
        case "holder": holder
        case "cardNumber": cardNumber
        case "countdownUntil": countdownUntil
        case "countdownLeft": countdownLeft
        case "expiresAt": expiresAt
        default: nil
        }
    }
}
