import Foundation
import OrderKit
import WebCore

/// The agent's screens as typed views, one per template.
struct OrderHistoryPage: Encodable {
    let title = "Orders"
    let orders: [OrderSummaryView]
    let empty, showingLatest, linked: Bool
    let customers, suppliers: [PartyChoice]
}

struct OrderPage: Encodable {
    struct ProductChoice: Encodable {
        let id: Int64
        let label: String
        let minimum: Int
    }

    struct Term: Encodable { let label, value: String }

    let title: String
    let id: Int64
    let state: OrderStateView
    let editable: Bool
    let customers, suppliers: [PartyChoice]
    let products: [ProductChoice]
    let hasProducts: Bool
    let lines: [OrderLineView]
    let hasLines: Bool
    let gross, discountTotal, net: String
    let delivery, payment, bank, packing, deliveryTerms, notes: String
    let problems: [String]
    /// Set when the order has one: the "Edit the customer/supplier" links and the product search test for them.
    var customerID, customerEmail, customerName, customerEmailShown: String?
    var supplierID, supplierEmail, supplierName, supplierEmailShown: String?
    /// What was sent, for a page that no longer shows the form.
    let terms: [Term]
    let agentEmail: String
    let companyNumber: String?
    /// It went to the company once: shown as sent, resent as it was, changed only through a copy.
    var locked = false
    /// Its supplier belongs to none of the agent's companies: printed and sent by hand.
    var sentByHand = false
    /// The recipients the company was asked to e-mail, for a locked order.
    var recipients: [String] = []
    /// Why the last change was refused, shown above the form.
    var formError: String?
    /// Mustache has no "non-empty list" test: the problems' list shows when this is set.
    var hasProblems = false
    /// Said when the customer list is longer than the select shows.
    var customersHint: String?
}

struct SyncPage: Encodable {
    struct Subscription: Encodable {
        let id: Int64
        let name, company, serverURL, username, `protocol`: String

        init(_ subscription: OrderKit.Subscription) {
            (id, name, company) = (subscription.id ?? 0, subscription.name, subscription.account.company)
            (serverURL, username) = (subscription.serverURL.absoluteString, subscription.account.username)
            `protocol` = subscription.syncProtocol == .thesis ? "Order Sender (||)" : "Bottega (JSON feed)"
        }
    }

    let title = "Sync"
    let linked: Bool
    let subscriptions: [Subscription]
    let done, error, importCode: String?
    let agentName, agentEmail: String?
}

struct SyncProgressPage: Encodable {
    let title = "Syncing"
    let job: String
    let applied, total: Int
    let counting: Bool
}

/// A page that only says what was just done, if anything (the manual, import and export).
struct NoticePage: Encodable {
    let title: String
    let done: String?
}

/// A record's form (a customer, supplier, product, discount, or the agent's own details).
struct RecordFormPage: Encodable {
    let title, noun, action: String
    let fields: [FormFieldView]
    let submit, back, backLabel: String
    /// Some select has a search box: the page loads `orders-suggest.js`.
    var suggests = false
    var synced: Bool?
    var deleteAction: String?
    var error, done, returnOrder: String?
}

struct RecordListPage: Encodable {
    struct Row: Encodable {
        let href, title: String
        let synced: Bool
        let detail: String?
    }

    static let pageSize = 100

    let title, path, noun: String
    let records: [Row]
    let empty, hasLocal: Bool
    let localCount: Int
    let done: String?
    /// "101–200 of 20000" and the neighbouring pages, when there is more than one.
    var pageText, previous, next: String?
}

/// A form field as `orders/record.mustache` reads it.
struct FormFieldView: Encodable {
    struct Option: Encodable {
        let value, label: String
        let selected: Bool
    }

    let name, label, value: String
    let required: Bool
    let hint: String?
    let isText, isArea, isSelect: Bool
    let type, inputMode: String?
    let options: [Option]
    /// A search box beside a select that lists only the first records (`/api/orders/suggest`'s kind).
    let suggest: String?

    init(_ field: FormField, value: String) {
        (name, label, self.value, required, hint, suggest) = (field.name, field.label, value, field.required, field.hint, field.suggest)
        switch field.input {
        case .text(let type, let inputMode):
            (isText, isArea, isSelect, self.type, self.inputMode, options) = (true, false, false, type, inputMode, [])
        case .area:
            (isText, isArea, isSelect, type, inputMode, options) = (false, true, false, nil, nil, [])
        case .select(let choices):
            (isText, isArea, isSelect, type, inputMode) = (false, false, true, nil, nil)
            options = choices.map { Option(value: $0.value, label: $0.label, selected: $0.value == value) }
        }
    }
}
