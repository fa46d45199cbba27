import Amounts
import Foundation
import OrderCompany
import OrderKit

/// What the agent's templates show, as dictionaries Mustache reads.
enum AgentViews {
    static func state(_ state: OrderState) -> [String: Any] {
        switch state {
        case .draft: ["label": "draft", "isDraft": true]
        case .sent(let at): ["label": "sent", "isSent": true, "at": DayText.local(at, in: italy)]
        case .notSent(let reason): ["label": "not sent", "isNotSent": true, "reason": reason]
        case .waiting(let reason): ["label": "waiting to be resent", "isNotSent": true, "isWaiting": true, "reason": reason]
        }
    }

    static func summary(_ summary: OrderSummary) -> [String: Any] {
        [
            "id": summary.order.id ?? 0, "customer": summary.customerName.isEmpty ? "—" : summary.customerName,
            "supplier": summary.supplierName.isEmpty ? "—" : summary.supplierName, "date": DayText.local(summary.order.date, in: italy),
            "total": summary.totals.net.formattedItalian, "state": state(summary.order.state),
        ]
    }

    static func line(_ line: OrderLine, index: Int) -> [String: Any] {
        var view: [String: Any] = [
            "index": index, "code": line.productCode, "description": line.description, "quantity": line.quantity,
            "price": line.unitPrice.formattedItalian, "total": ((try? line.total()) ?? .zero).formattedItalian,
        ]
        // Absent rather than "": swift-mustache treats an empty string as true.
        if !line.discountLevels.isEmpty { view["discount"] = OrderDocumentContent.discountText(line.discountLevels) }
        view["levels"] = DiscountCascade.text(line.discountLevels)
        view["plainPrice"] = line.unitPrice.formattedItalian
        if line.isFreeText { view["isFreeText"] = true }
        if line.isPriceOverridden { view["priceOverridden"] = true }
        if line.isDiscountOverridden { view["discountOverridden"] = true }
        return view
    }

    static let italy = TimeZone(identifier: "Europe/Rome") ?? .current
}
