import Foundation
import TicketKit
import WebCore

/// What the single, multiple and subscription screens send to the summary and to the purchase:
/// `operator`, `service`, optional `start` (YYYY-MM-DD) and one `qty_<PRODUCT>` per product with a
/// quantity.
struct TicketSelection: Sendable, Equatable {
    let operatorCode: String
    let service: TicketService
    let startDay: String?
    let lines: [PurchaseLine]
    /// A pass's holder and card number, as typed.
    var holder: String? = nil
    var cardNumber: String? = nil

    struct Invalid: Error {
        let message: String
    }

    /// Reads the fields of a form body or a query string.
    static func parse(_ encoded: String) throws(Invalid) -> TicketSelection {
        var fields: [(String, String)] = []
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            fields.append((parts[0], parts.count > 1 ? parts[1] : ""))
        }
        func value(_ name: String) -> String? { fields.first { $0.0 == name }?.1 }
        guard let operatorCode = value("operator"), !operatorCode.isEmpty else { throw Invalid(message: "Choose an operator first.") }
        guard let serviceName = value("service"), let service = TicketService(rawValue: serviceName) else {
            throw Invalid(message: "Choose a service: single, multiple or subscription.")
        }
        var lines: [PurchaseLine] = []
        for (name, text) in fields where name.hasPrefix("qty_") {
            let product = String(name.dropFirst(4))
            guard let quantity = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw Invalid(message: "The quantity of \(product) must be a whole number, not “\(text)”.")
            }
            // A row left at zero on the multiple-tickets screen is not a line (the JSON API, which
            // has no rows, passes a zero on to the Kit's quantity rule instead).
            if quantity == 0 { continue }
            lines.append(PurchaseLine(productCode: product, quantity: quantity))
        }
        if let product = value("product"), !product.isEmpty {
            lines.append(PurchaseLine(productCode: product, quantity: Int(value("quantity") ?? "1") ?? 1))
        }
        guard !lines.isEmpty else { throw Invalid(message: "Choose at least one ticket.") }
        let start = value("start").flatMap { $0.isEmpty ? nil : $0 }
        let holder = value("holder").flatMap { $0.isEmpty ? nil : $0 }, card = value("card").flatMap { $0.isEmpty ? nil : $0 }
        return TicketSelection(operatorCode: operatorCode, service: service, startDay: start, lines: lines, holder: holder, cardNumber: card)
    }

    /// The fields again, for the summary's hidden "Buy" form.
    struct HiddenField: Encodable { let name, value: String }

    var hiddenFields: [HiddenField] {
        var fields = [HiddenField(name: "operator", value: operatorCode), HiddenField(name: "service", value: service.rawValue)]
        if let startDay { fields.append(HiddenField(name: "start", value: startDay)) }
        if let holder { fields.append(HiddenField(name: "holder", value: holder)) }
        if let cardNumber { fields.append(HiddenField(name: "card", value: cardNumber)) }
        fields += lines.map { HiddenField(name: "qty_\($0.productCode)", value: String($0.quantity)) }
        return fields
    }

    /// The Kit's request; `start` is read as a day in the operator's time zone.
    func request(timeZone: TimeZone) throws(Invalid) -> PurchaseRequest {
        var start: Date?
        if let startDay {
            guard let day = CalendarDay.date(startDay, in: timeZone) else {
                throw Invalid(message: "The start date “\(startDay)” is not a date; use YYYY-MM-DD, e.g. 2026-12-01.")
            }
            start = day
        }
        return PurchaseRequest(operatorCode: operatorCode, service: service, lines: lines, start: start, holder: holder, cardNumber: cardNumber)
    }
}
