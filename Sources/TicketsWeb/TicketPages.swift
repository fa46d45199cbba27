import Foundation
import TicketKit
import WebCore

/// The ticket screens' views, one per template; each computes its own flags.
struct InfoPage: Encodable {
    let title = "Tickets"
    let hidden: Bool
}

struct ProvincesPage: Encodable {
    let title = "Choose a province"
    let provinces: [ProvinceView]
    /// The provinces with at least one operator, for the short list.
    let served: [ProvinceView]
}

struct ProvincePage: Encodable {
    let title: String
    let province: ProvinceView
    let operators: [OperatorView]
    let none: Bool
    /// Kilometres from the phone, when the province was found by its position.
    let distance: String?
}

struct OperatorPage: Encodable {
    let title: String
    let `operator`: OperatorView
}

struct ProductsPage: Encodable {
    let title: String
    let `operator`: OperatorView
    let rides, passes: [ProductView]
    /// The first day a pass may start, in the operator's time zone.
    let today: String
    let maximum = 20
}

struct SummaryPage: Encodable {
    struct Line: Encodable {
        let name: String
        let quantity: Int
        let unitPrice, lineTotal: String
        let validFrom, validUntil: String?
        /// A pass that covers only part of its period, at the full price: said before buying.
        let partialPeriod: String?

        init(_ line: QuotedLine, timeZone: TimeZone) {
            (name, quantity, unitPrice, lineTotal) = (line.product.name, line.quantity, line.unitPrice.formatted, line.lineTotal.formatted)
            partialPeriod = line.partialPeriod.map { part in
                "This pass covers \(part.coveredDays) of its period's \(part.periodDays) days, at the full price. "
                    + "Start it on \(part.nextPeriodStarts) for the whole next period."
            }
            validFrom = line.validity.map { DayText.local($0.start, in: timeZone) }
            validUntil = line.validity.map { DayText.localEnd($0.end, in: timeZone) }
        }
    }

    let title = "Summary"
    let `operator`: OperatorView
    let service: String
    let lines: [Line]
    let total: String
    let fields: [TicketSelection.HiddenField]
    let smsPayment: Bool
    let smsUnavailable: String?
    let activatesLater: Bool
    /// The operator sells no tickets by SMS: where to buy instead, and no Buy button.
    let soldElsewhere: Bool
    let website: String?
    /// The operator confirms payments to Bottega (a sample one reaches nobody real).
    let bottegaRun: Bool
    let holder, cardNumber: String?
}

struct PurchasePage: Encodable {
    struct Message: Encodable { let to, body, link: String }

    let title: String
    let id: Int64
    let total: String
    let tickets: [TicketView]
    /// The SMS that pay a Bottega-run purchase (shown while it awaits payment).
    let messages: [Message]
    let hasMessages: Bool
    let state: String
    let awaitingPayment, paid, cancelled: Bool
    /// The operator's replies are pasted: its tickets, which Bottega cannot verify.
    let operatorReply: Bool
    let bottegaRun, bySMS, ridesOneByOne: Bool
    let ridesLeft: Int
    let canCancel: Bool
    let holder, cardNumber: String?

    init(_ purchase: Purchase, tickets: [TicketView]) {
        (title, id, total, self.tickets) = ("Purchase \(purchase.id)", purchase.id, purchase.total.formatted, tickets)
        state = TicketViews.purchaseStateLabel(purchase.state)
        (awaitingPayment, paid, cancelled) = (purchase.state == .awaitingPayment, purchase.state == .paid, purchase.state == .cancelled)
        operatorReply = purchase.state == .operatorReply
        bottegaRun = purchase.paymentRoute == .bottega
        bySMS = purchase.paymentRoute == .operatorSMS
        ridesOneByOne = bySMS && purchase.service != .subscription
        ridesLeft = purchase.tickets.filter { $0.state == .unused }.count
        let payNow = bottegaRun && awaitingPayment
        messages = payNow ? purchase.paymentMessages.map { Message(to: $0.recipient, body: $0.body, link: SMSLink.uri(recipient: $0.recipient, body: $0.body)) } : []
        hasMessages = !messages.isEmpty
        canCancel = awaitingPayment && purchase.tickets.allSatisfy { $0.smsSentAt == nil && $0.replySMS == nil }
        (holder, cardNumber) = (purchase.holder, purchase.cardNumber)
    }
}

struct MyTicketsPage {
    let title = "My tickets"
    /// Each ticket's `tickets/ticket`, rendered (and so escaped) already.
    let rows: String
    let empty: Bool

    init(rows: [String]) {
        self.rows = rows.joined()
        empty = rows.isEmpty
    }
}

struct VerifyPage: Encodable {
    struct Result: Encodable {
        let valid: Bool
        let operatorCode, productCode, serial, validFrom, validUntil: String?
        let reason, message: String?
        /// A pass's holder: the inspector asks for an ID with this name.
        let holder, cardNumber: String?
        let keyId: String?
    }

    struct Choice: Encodable { let code, name: String; let selected: Bool }

    let title = "Verify a ticket"
    let error: String?
    let result: Result?
    /// The operators an inspector can check for, and the one this device checks for (nil: any).
    let operators: [Choice]
    let inspector: String?
    /// Where the forms post: this page, with the inspector's operator.
    let action: String
}
