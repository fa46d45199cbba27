import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// Orders saved change by change: lines copy price, description and discount; sent orders freeze.
@Suite struct AgentStoreOrderTests {
    @Test func aDraftIsStoredAtOnceAndItsHeaderRoundTrips() throws {
        let fixture = try AgentStoreFixture()
        let draft = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        #expect(draft.id != nil)
        #expect(draft.state == .draft)
        #expect(try fixture.store.order(id: draft.id!) == draft)
        var header = draft
        header.customerID = fixture.customer.id
        header.supplierID = fixture.supplier.id
        header.delivery = "Franco destino, entro il 30"
        header.payment = "RiBa 60 gg"
        header.bank = "Banca di Forlì — IBAN IT60X0542811101000000123456"
        header.packing = "Cartoni da 6"
        header.deliveryTerms = "Consegna al piano"
        header.notes = "Suonare a «Società»"
        header.date = AgentStoreFixture.date(2)
        #expect(try fixture.store.update(header) == header)
        #expect(try fixture.store.order(id: draft.id!) == header)
        #expect(try fixture.store.order(id: 999) == nil)
    }

    @Test func addLineCopiesThePriceListAndTheDiscountThatApplies() throws {
        let fixture = try AgentStoreFixture()
        let (s, c) = (fixture.supplier.id!, fixture.customer.id!)
        try fixture.store.save(Discount(supplierID: s, customerID: c, levels: [10, 5, 2]))
        try fixture.store.save(Discount(supplierID: s, customerID: c, productID: fixture.beans.id, levels: [20]))
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        order.customerID = c
        try fixture.store.update(order)
        order = try fixture.store.addLine(orderID: order.id!, productID: fixture.cups.id!, quantity: 7)
        order = try fixture.store.addLine(orderID: order.id!, productID: fixture.beans.id!, quantity: 6)
        // The order took the product's supplier.
        #expect(order.supplierID == s)
        #expect(order.lines == [
            OrderLine(productID: fixture.cups.id, productCode: "TAZ-02", description: "Tazzine «Perù»", quantity: 7, unitPrice: Money("0.99")!, discountLevels: [10, 5, 2]),
            OrderLine(productID: fixture.beans.id, productCode: "CAF-01", description: "Caffè in grani 1 kg", quantity: 6, unitPrice: Money("12.50")!, discountLevels: [20]),
        ])
        // 0.99 × 7 → 5.81; 12.50 × 6 = 75.00 → 60.00.
        #expect(try fixture.store.totals(of: order.id!) == OrderTotals(gross: Money("81.93")!, discount: Money("16.12")!, net: Money("65.81")!))
    }

    @Test func aLaterPriceChangeNeverRewritesAnOrder() throws {
        let fixture = try AgentStoreFixture()
        let order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        try fixture.store.addLine(orderID: order.id!, productID: fixture.beans.id!, quantity: 6)
        var beans = fixture.beans
        beans.price = UnitPrice("99.00")!
        beans.description = "Nuova descrizione"
        try fixture.store.save(beans)
        try fixture.store.delete(.product, id: beans.id!)
        let line = try #require(try fixture.store.order(id: order.id!)?.lines.first)
        #expect(line.unitPrice == UnitPrice("12.50"))
        #expect(line.description == "Caffè in grani 1 kg")
        // The product is gone: the line keeps its copy, without the link.
        #expect(line.productID == nil)
    }

    @Test func changingTheCustomerLooksTheDiscountsUpAgain() throws {
        let fixture = try AgentStoreFixture()
        let s = fixture.supplier.id!
        try fixture.store.save(Discount(supplierID: s, customerID: fixture.customer.id!, levels: [10]))
        try fixture.store.save(Discount(supplierID: s, customerID: fixture.otherCustomer.id!, levels: [30]))
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        order = try fixture.store.addLine(orderID: order.id!, productID: fixture.cups.id!, quantity: 1)
        #expect(order.lines[0].discountLevels == [])
        order.customerID = fixture.customer.id
        order = try fixture.store.update(order)
        #expect(order.lines[0].discountLevels == [10])
        order.customerID = fixture.otherCustomer.id
        order = try fixture.store.update(order)
        #expect(order.lines[0].discountLevels == [30])
        order.customerID = nil
        #expect(try fixture.store.update(order).lines[0].discountLevels == [])
    }

    @Test func quantitiesChangeAndLinesAreRemovedByIndex() throws {
        let fixture = try AgentStoreFixture()
        let id = try fixture.store.createDraft(date: AgentStoreFixture.date(1)).id!
        try fixture.store.addLine(orderID: id, productID: fixture.beans.id!, quantity: 6)
        try fixture.store.addLine(orderID: id, productID: fixture.cups.id!, quantity: 1)
        try fixture.store.addLine(orderID: id, productID: fixture.beans.id!, quantity: 12)
        #expect(try fixture.store.changeQuantity(orderID: id, lineIndex: 1, quantity: 40).lines.map(\.quantity) == [6, 40, 12])
        #expect(try fixture.store.removeLine(orderID: id, lineIndex: 0).lines.map(\.quantity) == [40, 12])
        // Positions closed up: index 1 is now the last line.
        #expect(try fixture.store.changeQuantity(orderID: id, lineIndex: 1, quantity: 18).lines.map(\.quantity) == [40, 18])
        #expect(throws: AgentStoreError.unknownLine(orderID: id, index: 2, count: 2)) {
            try fixture.store.changeQuantity(orderID: id, lineIndex: 2, quantity: 1)
        }
        #expect(throws: AgentStoreError.negativeQuantity(-3)) { try fixture.store.changeQuantity(orderID: id, lineIndex: 0, quantity: -3) }
        // An absurd quantity is refused and nothing is stored.
        #expect(throws: AgentStoreError.pricing(.onLine(1, .amountTooLarge))) {
            try fixture.store.changeQuantity(orderID: id, lineIndex: 0, quantity: Int.max / 2)
        }
        #expect(try fixture.store.order(id: id)?.lines.map(\.quantity) == [40, 18])
    }

    @Test func aProductOfAnotherSupplierIsRefused() throws {
        let fixture = try AgentStoreFixture()
        let other = try fixture.store.save(Supplier(name: "Altro", email: "altro@example.it"))
        let sugar = try fixture.store.save(Product(code: "ZUC-03", supplierID: other.id!, price: Money("1.50")!))
        let id = try fixture.store.createDraft(date: AgentStoreFixture.date(1)).id!
        try fixture.store.addLine(orderID: id, productID: fixture.cups.id!, quantity: 1)
        #expect(throws: AgentStoreError.productOfAnotherSupplier(productCode: "ZUC-03", orderID: id)) {
            try fixture.store.addLine(orderID: id, productID: sugar.id!, quantity: 1)
        }
        #expect(throws: AgentStoreError.unknownRecord(.product, id: 999)) { try fixture.store.addLine(orderID: id, productID: 999, quantity: 1) }
        #expect(throws: AgentStoreError.unknownOrder(999)) { try fixture.store.addLine(orderID: 999, productID: sugar.id!, quantity: 1) }
    }

    /// Choosing another supplier on an order with lines would send them to the wrong one.
    @Test func anotherSupplierIsRefusedWhileTheOrderHasTheFirstOnesLines() throws {
        let fixture = try AgentStoreFixture()
        let other = try fixture.store.save(Supplier(name: "Altro", email: "altro@example.it"))
        let id = try fixture.store.createDraft(date: AgentStoreFixture.date(1)).id!
        let withLine = try fixture.store.addLine(orderID: id, productID: fixture.cups.id!, quantity: 1)
        var switched = withLine
        switched.supplierID = other.id
        #expect(throws: AgentStoreError.linesOfAnotherSupplier(orderID: id, productCode: fixture.cups.code)) { try fixture.store.update(switched) }
        #expect(try fixture.store.order(id: id)?.supplierID == withLine.supplierID)
        // Without its lines the order may change supplier.
        var emptied = try fixture.store.removeLine(orderID: id, lineIndex: 0)
        emptied.supplierID = other.id
        #expect(try fixture.store.update(emptied).supplierID == other.id)
    }

    @Test func sendingProblemsComeFromTheStoredData() throws {
        let fixture = try AgentStoreFixture()
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        #expect(try fixture.store.sendingProblems(orderID: order.id!) == [.noCustomer, .noSupplier, .noLines])
        order = try fixture.store.addLine(orderID: order.id!, productID: fixture.beans.id!, quantity: 2)
        order.customerID = fixture.customer.id
        try fixture.store.update(order)
        #expect(try fixture.store.sendingProblems(orderID: order.id!) == [
            .quantityBelowMinimum(line: 1, productCode: "CAF-01", quantity: 2, minimum: 6),
        ])
        try fixture.store.changeQuantity(orderID: order.id!, lineIndex: 0, quantity: 6)
        #expect(try fixture.store.sendingProblems(orderID: order.id!).isEmpty)
    }

    @Test func sentOrdersAreFrozenAndNotSentOnesKeepTheReason() throws {
        let fixture = try AgentStoreFixture()
        let id = try fixture.store.createDraft(date: AgentStoreFixture.date(1)).id!
        try fixture.store.addLine(orderID: id, productID: fixture.beans.id!, quantity: 6)
        let refused = try fixture.store.markNotSent(id: id, reason: "il server non risponde")
        #expect(refused.state == .notSent(reason: "il server non risponde"))
        // A not-sent order can still be edited and resent.
        try fixture.store.changeQuantity(orderID: id, lineIndex: 0, quantity: 7)
        let sentAt = AgentStoreFixture.date(2)
        #expect(try fixture.store.markSent(id: id, at: sentAt).state == .sent(at: sentAt))
        // A retried send's late answer keeps the first time.
        #expect(try fixture.store.markSent(id: id, at: AgentStoreFixture.date(3)).state == .sent(at: sentAt))
        #expect(throws: AgentStoreError.orderAlreadySent(id)) { try fixture.store.changeQuantity(orderID: id, lineIndex: 0, quantity: 1) }
        #expect(throws: AgentStoreError.orderAlreadySent(id)) { try fixture.store.addLine(orderID: id, productID: fixture.beans.id!, quantity: 6) }
        #expect(throws: AgentStoreError.orderAlreadySent(id)) { try fixture.store.markNotSent(id: id, reason: "x") }
        try fixture.store.delete(orderID: id)
        #expect(try fixture.store.order(id: id) == nil)
        #expect(throws: AgentStoreError.unknownOrder(id)) { try fixture.store.delete(orderID: id) }
    }

    @Test func deletingMasterDataKeepsOrdersAndTheirNames() throws {
        let fixture = try AgentStoreFixture()
        var order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        order.customerID = fixture.customer.id
        order = try fixture.store.update(order)
        order = try fixture.store.addLine(orderID: order.id!, productID: fixture.cups.id!, quantity: 3)
        try fixture.store.deleteAllLocal(.supplier)
        try fixture.store.deleteAllLocal(.customer)
        let kept = try #require(try fixture.store.order(id: order.id!))
        #expect(kept.customerID == nil && kept.supplierID == nil)
        #expect(kept.lines.map(\.productCode) == ["TAZ-02"])
        let summary = try #require(try fixture.store.latestOrders().first)
        #expect(summary.customerName == "Caffè Società Cooperativa")
        #expect(summary.supplierName == "Torrefazione Ëlite")
        #expect(summary.totals.net == Money("2.97"))
    }
}
