import Amounts
import Foundation
import Mustache
import OrderKit
@testable import OrdersWeb
import Testing
import WebTestSupport

/// The order history's rows answer templates by hand (issue 44): each as swift-mustache's own
/// `Mirror` reading would, in every state an order can be in, with and without its parties; and
/// so do the order form's choices, listed by the hundred.
@Suite struct OrderHistoryViewsTests {
    static let states: [OrderState] = [
        .draft, .sent(at: Date(timeIntervalSince1970: 1_780_000_000)), .notSent(reason: "the customer has no e-mail"), .waiting(reason: "the company did not answer"),
    ]

    @Test(arguments: states) func anOrderRowAndItsStateAnswerAsTheMirrorReads(state: OrderState) throws {
        for (customer, supplier) in [("Acqua di Forlì", "Torrefazione Ëlite"), ("", "")] {
            let order = Order(id: 30, customerID: 1, supplierID: 2, date: Date(timeIntervalSince1970: 1_779_900_000), state: state)
            let totals = OrderTotals(gross: try #require(Money("120.00")), discount: try #require(Money("12.00")), net: try #require(Money("108.00")))
            let row = OrderSummaryView(OrderSummary(order: order, customerName: customer, supplierName: supplier, totals: totals, savedAt: Date()))
            expectAnswersAsTheMirrorReads(row, properties: 6)
            expectAnswersAsTheMirrorReads(row.state, properties: 7)
        }
    }

    @Test func aFilterChoiceAnswersAsTheMirrorReads() {
        expectAnswersAsTheMirrorReads(PartyChoice(id: 4, name: "Bar Centrale", selected: true), properties: 3)
        expectAnswersAsTheMirrorReads(PartyChoice(id: 5, name: "Caffè Nero", selected: false), properties: 3)
        expectAnswersAsTheMirrorReads(OrderPage.ProductChoice(id: 7, label: "CF-250 — Caffè in grani (12,50 €, min. 6)", minimum: 6), properties: 3)
    }
}
