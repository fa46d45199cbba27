import Foundation
import TicketKit

/// What the ticket templates show, as dictionaries Mustache reads directly.
enum TicketViews {
    static func province(_ province: Province, operatorCount: Int? = nil) -> [String: Any] {
        var view: [String: Any] = ["code": province.code, "name": province.name, "region": province.region, "capital": province.capital]
        if let operatorCount { view["operatorCount"] = operatorCount; view["hasOperators"] = operatorCount > 0 }
        return view
    }

    static func serviceLabel(_ service: TicketService) -> String {
        switch service {
        case .single: "Single ticket"
        case .multiple: "Multiple tickets"
        case .subscription: "Subscription"
        }
    }

    static func transportOperator(_ op: TransportOperator) -> [String: Any] {
        var view: [String: Any] = [
            "code": op.code, "name": op.name, "isSample": op.isSample, "source": op.source,
            "services": TicketService.allCases.map { service in
                ["service": service.rawValue, "label": serviceLabel(service), "offered": op.services.contains(service), "href": "/tickets/operators/\(op.code)/\(service.rawValue)"] as [String: Any]
            },
        ]
        if let sms = op.smsNumber { view["smsNumber"] = sms }
        if let website = op.website { view["website"] = website }
        return view
    }

    static func periodLabel(_ period: SubscriptionPeriod) -> String {
        switch period {
        case .week: "week"
        case .month: "month"
        case .semester: "semester"
        case .year: "year"
        }
    }

    static func product(_ product: TicketProduct) -> [String: Any] {
        var view: [String: Any] = [
            "code": product.code, "operatorCode": product.operatorCode, "name": product.name, "price": product.price.formatted, "priceCents": product.price.cents,
            "keyword": product.smsKeyword, "isSample": product.isSample, "source": product.source,
        ]
        switch product.kind {
        case .ride(let minutes):
            view["ride"] = ["minutes": minutes, "rides": product.rides, "isCarnet": product.rides > 1]
        case .subscription(let type, let period):
            view["subscription"] = ["type": type, "period": periodLabel(period)]
        }
        return view
    }

    static func ticket(_ ticket: IssuedTicket, timeZone: TimeZone) -> [String: Any] {
        var view: [String: Any] = [
            "id": ticket.id, "product": ticket.productName, "productCode": ticket.productCode, "operatorCode": ticket.operatorCode,
            "state": ticket.state.rawValue,
        ]
        switch ticket.state {
        case .unused: view["unused"] = true
        // A pass whose first day is still to come is already signed: its QR Code is shown.
        case .active, .upcoming: view["active"] = true
        case .expired: view["expired"] = true
        }
        if let from = ticket.validFrom { view["validFrom"] = DayText.local(from, in: timeZone) }
        if let until = ticket.validUntil { view["validUntil"] = DayText.localEnd(until, in: timeZone) }
        if let serial = ticket.serial { view["serial"] = String(serial) }
        if let payload = ticket.payload { view["payload"] = payload; view["qr"] = "/tickets/mine/\(ticket.id)/qr.svg" }
        return view
    }
}
