import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// Free-text and overridden lines (UC1): stored as the agent typed them, refused for sending
/// while a price is on request, copied into a new order, and marked in the PDF.
@Suite struct OrderLineMarksTests {
    @Test func freeTextAndOverriddenLinesArePrintedWithTheirMarks() throws {
        let fixture = try AgentStoreFixture()
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(2))
        order.customerID = fixture.customer.id
        order.supplierID = fixture.supplier.id
        order = try fixture.store.update(order)
        let id = order.id!
        order = try fixture.store.addLine(orderID: id, productID: fixture.beans.id!, quantity: 6)
        order = try fixture.store.overrideLine(orderID: id, lineIndex: 0, unitPrice: UnitPrice(cents: 1100)!, discountLevels: [5])
        order = try fixture.store.addFreeTextLine(
            orderID: id, code: "ESPO-1", description: "Espositore da banco", unitPrice: UnitPrice(cents: 4500)!, quantity: 1)
        #expect(order.lines.map(\.isPriceOverridden) == [true, false])
        #expect(order.lines.map(\.isDiscountOverridden) == [true, false])
        #expect(order.lines.map(\.isFreeText) == [false, true])
        #expect(try fixture.store.sendingProblems(orderID: id).isEmpty)

        let submission = OrderSubmission(order: order, customer: fixture.customer, supplier: fixture.supplier, agent: Agent(name: "Niccolò Ferri"))
        let content = try ReceivedOrder(number: 12, agent: "niccolo", submission: submission, receivedAt: AgentStoreFixture.date(2), isNew: true)
            .documentContent(companyName: "Acme Forniture")
        let text = try PopplerTools.text(of: OrderDocument(content: content).pdf(creationDate: AgentStoreFixture.date(2)))
        #expect(text.contains("11,00 €*"))
        #expect(text.contains("5 %*") || text.contains("5%*"))
        #expect(text.contains("Espositore da banco (fuori listino)"))
        #expect(text.contains("modificato dall'agente rispetto al listino"))
        // 6 × 11.00 − 5 % = 62.70, plus 45.00.
        #expect(try fixture.store.totals(of: id).net == Money(cents: 10_770))
    }

    @Test func aPriceOnRequestMustBeTypedBeforeSending() throws {
        let fixture = try AgentStoreFixture()
        let onRequest = try fixture.store.save(Product(code: "MAC-9", supplierID: fixture.supplier.id!, description: "Macinacaffè", price: UnitPrice.zero))
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(3))
        order.customerID = fixture.customer.id
        order = try fixture.store.update(order)
        order = try fixture.store.addLine(orderID: order.id!, productID: onRequest.id!, quantity: 1)
        #expect(try fixture.store.sendingProblems(orderID: order.id!) == [.priceOnRequest(line: 1, productCode: "MAC-9")])
        _ = try fixture.store.overrideLine(orderID: order.id!, lineIndex: 0, unitPrice: UnitPrice(cents: 38_000)!, discountLevels: nil)
        #expect(try fixture.store.sendingProblems(orderID: order.id!).isEmpty)
    }

    @Test func aCopyRepeatsCustomerTermsAndLines() throws {
        let fixture = try AgentStoreFixture()
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(4))
        order.customerID = fixture.customer.id
        order.payment = "Bonifico 60 gg"
        order = try fixture.store.update(order)
        order = try fixture.store.addLine(orderID: order.id!, productID: fixture.cups.id!, quantity: 12)
        order = try fixture.store.overrideLine(orderID: order.id!, lineIndex: 0, unitPrice: UnitPrice(cents: 89)!, discountLevels: nil)
        order = try fixture.store.addFreeTextLine(orderID: order.id!, code: "", description: "Vassoio", unitPrice: UnitPrice(cents: 700)!, quantity: 2)
        _ = try fixture.store.markSent(id: order.id!, at: AgentStoreFixture.date(4), companyNumber: 3)
        let copy = try fixture.store.copyOrder(order.id!, date: AgentStoreFixture.date(9))
        #expect(copy.id != order.id && copy.state == .draft && copy.companyNumber == nil)
        #expect(copy.customerID == order.customerID && copy.supplierID == order.supplierID && copy.payment == "Bonifico 60 gg")
        #expect(copy.lines.map(\.description) == order.lines.map(\.description))
        #expect(copy.lines.map(\.unitPrice) == [UnitPrice(cents: 89)!, UnitPrice(cents: 700)!])
        #expect(copy.lines.map(\.isFreeText) == [false, true] && copy.lines[0].isPriceOverridden)
    }
}
