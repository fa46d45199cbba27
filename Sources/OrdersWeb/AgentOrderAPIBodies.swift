import Amounts
import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The agent's order as the JSON API gives it: header, state, lines (with what the agent typed
/// or overrode), totals, and what stops it from being sent. Money and levels are text.
struct AgentOrderBody: ResponseEncodable {
    struct Line: Encodable {
        let productID: Int64?
        let code: String
        let description: String
        let quantity: Int
        let price: String
        let discount: String
        let total: String
        let isFreeText: Bool
        let isPriceOverridden: Bool
        let isDiscountOverridden: Bool
    }

    struct State: Encodable {
        /// `draft`, `sent`, `notSent` or `waiting` (not answered; resent by itself).
        let name: String
        let reason: String?
        let sentAt: Date?
    }

    struct Totals: Encodable {
        let gross: String
        let discount: String
        let net: String
    }

    let id: Int64
    let state: State
    let companyNumber: Int64?
    let customerID: Int64?
    let supplierID: Int64?
    let date: Date
    let delivery, payment, bank, packing, deliveryTerms, notes: String
    let lines: [Line]
    let totals: Totals?
    let problems: [String]

    init(_ order: Order, store: AgentStore) throws {
        id = order.id ?? 0
        state = switch order.state {
        case .draft: State(name: "draft", reason: nil, sentAt: nil)
        case .sent(let at): State(name: "sent", reason: nil, sentAt: at)
        case .notSent(let reason): State(name: "notSent", reason: reason, sentAt: nil)
        case .waiting(let reason): State(name: "waiting", reason: reason, sentAt: nil)
        }
        companyNumber = order.companyNumber
        customerID = order.customerID
        supplierID = order.supplierID
        date = order.date
        (delivery, payment, bank, packing, deliveryTerms, notes) = (order.delivery, order.payment, order.bank, order.packing, order.deliveryTerms, order.notes)
        lines = order.lines.map { line in
            Line(
                productID: line.productID, code: line.productCode, description: line.description, quantity: line.quantity,
                price: line.unitPrice.plainText, discount: DiscountCascade.text(line.discountLevels),
                total: ((try? line.total()) ?? .zero).plainText, isFreeText: line.isFreeText, isPriceOverridden: line.isPriceOverridden,
                isDiscountOverridden: line.isDiscountOverridden)
        }
        totals = (try? store.totals(of: id)).map { Totals(gross: $0.gross.plainText, discount: $0.discount.plainText, net: $0.net.plainText) }
        problems = try store.sendingProblems(orderID: id).map { $0.localizedDescription }
    }
}

struct AgentOrderListBody: ResponseEncodable {
    struct Summary: Encodable {
        let id: Int64
        let customer: String
        let supplier: String
        let date: Date
        let net: String
        let state: String
        let companyNumber: Int64?
    }

    let orders: [Summary]

    init(_ summaries: [OrderSummary]) {
        orders = summaries.map { summary in
            let state = switch summary.order.state {
            case .draft: "draft"
            case .sent: "sent"
            case .notSent: "notSent"
            case .waiting: "waiting"
            }
            return Summary(
                id: summary.order.id ?? 0, customer: summary.customerName, supplier: summary.supplierName, date: summary.order.date,
                net: summary.totals.net.plainText, state: state, companyNumber: summary.order.companyNumber)
        }
    }
}

/// A subscription as the API lists it: never its password.
struct SubscriptionBody: ResponseEncodable {
    let id: Int64
    let name: String
    let serverURL: String
    let company: String
    let username: String
    let syncProtocol: String

    init(_ subscription: Subscription) {
        id = subscription.id ?? 0
        name = subscription.name
        serverURL = subscription.serverURL.absoluteString
        company = subscription.account.company
        username = subscription.account.username
        syncProtocol = subscription.syncProtocol.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case id, name, serverURL, company, username
        case syncProtocol = "protocol"
    }
}

struct SubscriptionListBody: ResponseEncodable {
    let subscriptions: [SubscriptionBody]
}

struct SyncResultBody: ResponseEncodable {
    let subscription: Int64
    let upserted: Int
    let deleted: Int
    let subscriptionEnded: Bool
    let resentOrders: Int
}

struct SyncJobBody: ResponseEncodable {
    let job: String
}

struct SyncJobStatusBody: ResponseEncodable {
    let state: String
    let subscription: Int64
    let applied: Int
    let total: Int
    let message: String?

    init(_ status: SyncJobs.Status) {
        state = status.state.rawValue
        subscription = status.subscription
        applied = status.applied
        total = status.total
        message = status.message
    }
}
