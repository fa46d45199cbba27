import Amounts
import Foundation
import OrderCompany
import OrderKit
import Mustache
import WebCore

/// The agent's orders as their screens show them; the pages are in AgentPages.swift.
enum AgentViews {
    static let italy = TimeZone(identifier: "Europe/Rome") ?? .current
}

struct OrderStateView: Encodable {
    let label: String
    let isDraft, isSent, isNotSent, isWaiting: Bool
    /// When a sent order went out.
    let at: String?
    /// Why an order is not sent, or waits.
    let reason: String?

    init(_ state: OrderState) {
        var (label, isDraft, isSent, isNotSent, isWaiting, at, reason) = ("draft", false, false, false, false, String?.none, String?.none)
        switch state {
        case .draft: isDraft = true
        case .sent(let when): (label, isSent, at) = ("sent", true, DayText.local(when, in: AgentViews.italy))
        case .notSent(let why): (label, isNotSent, reason) = ("not sent", true, why)
        case .waiting(let why): (label, isNotSent, isWaiting, reason) = ("waiting to be resent", true, true, why)
        }
        (self.label, self.isDraft, self.isSent, self.isNotSent, self.isWaiting, self.at, self.reason) = (label, isDraft, isSent, isNotSent, isWaiting, at, reason)
    }
}

struct OrderSummaryView: Encodable {
    let id: Int64
    let customer, supplier, date, total: String
    let state: OrderStateView

    init(_ summary: OrderSummary) {
        id = summary.order.id ?? 0
        customer = summary.customerName.isEmpty ? "—" : summary.customerName
        supplier = summary.supplierName.isEmpty ? "—" : summary.supplierName
        (date, total) = (DayText.local(summary.order.date, in: AgentViews.italy), summary.totals.net.formattedItalian)
        state = OrderStateView(summary.order.state)
    }
}

struct OrderLineView: Encodable {
    let index: Int
    let code, description: String
    let quantity: Int
    let price, total, plainPrice, levels: String
    let discount: String?
    let isFreeText, priceOverridden, discountOverridden: Bool

    init(_ line: OrderLine, index: Int) {
        (self.index, code, description, quantity) = (index, line.productCode, line.description, line.quantity)
        (price, plainPrice) = (line.unitPrice.formattedItalian, line.unitPrice.formattedItalian)
        total = ((try? line.total()) ?? .zero).formattedItalian
        discount = line.discountLevels.isEmpty ? nil : OrderDocumentContent.discountText(line.discountLevels)
        levels = DiscountCascade.text(line.discountLevels)
        (isFreeText, priceOverridden, discountOverridden) = (line.isFreeText, line.isPriceOverridden, line.isDiscountOverridden)
    }
}

/// A customer or supplier in a form's select.
struct PartyChoice: Encodable {
    let id: Int64
    let name: String
    let selected: Bool
}

// The order history and the order form read these once per row and per choice: read by `Mirror` (through
// `ReflectedView`), each row was reflected on every request, a fifth of `/orders` (issue 44).
// `OrderHistoryViewsTests` checks every property against the Mirror's reading.
extension OrderSummaryView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "customer": customer
        case "supplier": supplier
        case "date": date
        case "total": total
        case "state": state
        default: nil
        }
    }
}

extension OrderStateView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "isDraft": isDraft
        case "isSent": isSent
        case "isNotSent": isNotSent
        case "isWaiting": isWaiting
        case "at": at
        case "reason": reason
        default: nil
        }
    }
}

extension PartyChoice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "selected": selected
        default: nil
        }
    }
}

extension OrderPage.ProductChoice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "label": label
        case "minimum": minimum
        default: nil
        }
    }
}
