import Amounts
import Foundation
import OrderCompany
import OrderKit

/// Orders with the Italian names the issue says must survive every path.
enum OrderDocumentSamples {
    static func money(_ text: String) -> Money {
        guard let money = Money(text) else { preconditionFailure("\(text) is not an amount") }
        return money
    }

    /// 2025-03-14 09:30 UTC, 10:30 in Rome.
    static let date = Date(timeIntervalSince1970: 1_741_944_600)

    static func content(lines: [OrderDocumentContent.Line], terms: OrderDocumentContent.Terms = .init()) -> OrderDocumentContent {
        OrderDocumentContent(
            companyName: "Caffè Società Cooperativa",
            orderNumber: "2025/17",
            date: date,
            agent: .init(agent: Agent(name: "Niccolò Ferrè", phone: "0543 123456", email: "niccolo@example.it", address: "Via Emilia 1", city: "Forlì")),
            customer: .init(customer: Customer(
                companyName: "Città di Castello Ristorazione S.r.l.", contact: "Ilaria Giù", vatNumber: "IT01234567890",
                address: "Piazza Matteotti 3", city: "Città di Castello", province: "PG", postcode: "06012")),
            supplier: .init(supplier: Supplier(name: "Torrefazione Òrvieto – Caffè «Perù»", email: "ordini@example.it", city: "Orvieto")),
            lines: lines,
            grossTotal: money("1392.50"), discountTotal: money("158.00"), netTotal: money("1234.50"),
            terms: terms)
    }

    static let italianLines: [OrderDocumentContent.Line] = [
        .init(code: "CAF-001", description: "Caffè in grani «Perù» – tostatura media, sacco da 1 kg", quantity: 12,
              unitPrice: money("18.90"), discount: "10+5+2 %", total: money("174.05")),
        .init(code: "CAF-002", description: "Tazzine “Società” — confezione da 6 pezzi, porcellana d’Ùmbria", quantity: 3,
              unitPrice: money("1234.50"), discount: "", total: money("1060.45")),
    ]

    static let italianTerms = OrderDocumentContent.Terms(
        delivery: "Entro il 28/03, franco Forlì", payment: "Bonifico bancario 30 gg d.f.", bank: "Banca di Forlì – IBAN IT60X0542811101000000123456",
        packing: "Cartoni da 10", deliveryTerms: "Porto franco", notes: "Consegnare all’ingresso «B»; è già tutto pagato?")

    /// `count` lines with fixed-width codes ART-0001…, none a part of another.
    static func numberedLines(_ count: Int, description: (Int) -> String = { "Prodotto di prova numero \($0)" }) -> [OrderDocumentContent.Line] {
        (1...count).map { number in
            let digits = String(number)
            let code = "ART-" + String(repeating: "0", count: 4 - digits.count) + digits
            return .init(code: code, description: description(number), quantity: number % 7 + 1, unitPrice: money("2.50"), total: money("2.50") * (number % 7 + 1))
        }
    }
}
