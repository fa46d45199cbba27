import Foundation
import Testing
import TicketKit

/// The payment SMS of NOTES.md §1: one SMS buys one ticket, unless the operator's syntax
/// carries a quantity; none at all without a number or a keyword.
@Suite struct PaymentSMSTests {
    let now = Rome.day(2024, 3, 14, hour: 15, minute: 30)

    func quote(_ service: TicketService, _ lines: [(String, Int)], operator code: String = "BUS-PD", start: Date? = nil,
               in catalogue: TicketCatalogue = TestCatalogue.catalogue) throws -> Quote {
        try catalogue.quote(
            PurchaseRequest(operatorCode: code, service: service, lines: lines.map { PurchaseLine(productCode: $0.0, quantity: $0.1) }, start: start),
            at: now)
    }

    @Test func oneMessagePerTicketWhenTheSyntaxHasNoQuantity() throws {
        let quote = try quote(.multiple, [("BUS-PD-90", 3), ("BUS-PD-CARNET3", 1)])
        // The ride's template leaves {period} empty; the start is the day the rides were bought.
        #expect(quote.paymentMessages.map(\.body) == ["TU1 14/03/2024", "TU1 14/03/2024", "TU1 14/03/2024", "CAR3 14/03/2024"])
        #expect(quote.paymentMessages.allSatisfy { $0.recipient == "4800001" && $0.quantity == 1 })
        #expect(quote.paymentMessages.map(\.productCode) == ["BUS-PD-90", "BUS-PD-90", "BUS-PD-90", "BUS-PD-CARNET3"])
        #expect(quote.canPayBySMS && quote.smsUnavailableReason == nil)
    }

    @Test func aPassMessageCarriesItsPeriodAndStartDay() throws {
        let quote = try quote(.subscription, [("BUS-PD-MONTH", 1)], start: Rome.day(2024, 4, 2, hour: 10))
        #expect(quote.paymentMessages == [PaymentSMS(recipient: "4800001", body: "ABBU month 02/04/2024", productCode: "BUS-PD-MONTH", quantity: 1)])
    }

    @Test func oneMessagePerLineWhenTheSyntaxHasAQuantity() throws {
        var catalogue = TestCatalogue.catalogue
        catalogue.operators[0].messageTemplate = "{keyword} {quantity}"
        let quote = try quote(.multiple, [("BUS-PD-90", 3), ("BUS-PD-CARNET3", 2)], in: catalogue)
        #expect(quote.paymentMessages.map(\.body) == ["TU1 3", "CAR3 2"])
        #expect(quote.paymentMessages.map(\.quantity) == [3, 2])
    }

    @Test func noSMSWithoutANumberOrWithoutAKeyword() throws {
        let boat = try quote(.single, [("BOAT-VE-75", 2)], operator: "BOAT-VE")
        #expect(boat.paymentMessages.isEmpty && !boat.canPayBySMS)
        #expect(boat.smsUnavailableReason == "Boats of Venice sells no tickets by SMS: buy them at a ticket office, a machine or on board")
        var catalogue = TestCatalogue.catalogue
        catalogue.products[1].smsKeyword = ""
        let mixed = try quote(.multiple, [("BUS-PD-90", 1), ("BUS-PD-CARNET3", 1)], in: catalogue)
        #expect(mixed.paymentMessages.isEmpty)
        #expect(mixed.smsUnavailableReason == "Carnet of 3 cannot be bought by SMS: buy it at a ticket office, a machine or on board")
    }

    @Test func theSMSLinkEscapesTheBody() {
        let message = PaymentSMS(recipient: "4850207", body: "ATC U", productCode: "ATC-SP-U", quantity: 1)
        #expect(message.uri == "sms:4850207?body=ATC%20U")
        #expect(PaymentSMS(recipient: "+393001234567", body: "A&B=1/2", productCode: "X", quantity: 1).uri
                == "sms:+393001234567?body=A%26B%3D1%2F2")
    }
}
