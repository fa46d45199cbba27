import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// The history: latest 50, all by date, by customer, by supplier; sent or not.
@Suite struct AgentStoreHistoryTests {
    /// Three orders: day 1 for "Caffè Società" (sent), day 3 for "Bar Città" (draft), day 2 for
    /// "Caffè Società" from another supplier (not sent).
    private func threeOrders() throws -> (AgentStoreFixture, [Int64]) {
        let fixture = try AgentStoreFixture()
        let other = try fixture.store.save(Supplier(name: "Acqua di Forlì", email: "acqua@example.it"))
        let water = try fixture.store.save(Product(code: "ACQ-1", supplierID: other.id!, price: Money("0.40")!))
        func make(_ day: Int, _ customer: Customer, _ product: Product) throws -> Int64 {
            var order = try fixture.store.createDraft(date: AgentStoreFixture.date(day))
            order.customerID = customer.id
            order = try fixture.store.update(order)
            try fixture.store.addLine(orderID: order.id!, productID: product.id!, quantity: 6)
            return order.id!
        }
        let first = try make(1, fixture.customer, fixture.beans)
        let third = try make(3, fixture.otherCustomer, fixture.cups)
        let second = try make(2, fixture.customer, water)
        try fixture.store.markSent(id: first, at: AgentStoreFixture.date(1))
        try fixture.store.markNotSent(id: second, reason: "rifiutato")
        return (fixture, [first, second, third])
    }

    @Test func latestOrdersAreNewestFirstAndCapped() throws {
        let (fixture, ids) = try threeOrders()
        #expect(try fixture.store.latestOrders().map(\.order.id) == [ids[2], ids[1], ids[0]])
        #expect(try fixture.store.latestOrders(limit: 2).map(\.order.id) == [ids[2], ids[1]])
        let latest = try #require(try fixture.store.latestOrders().first)
        #expect(latest.customerName == "Bar Città di Castello")
        #expect(latest.totals.net == Money("5.94"))
        #expect(latest.savedAt == AgentStoreFixture.clock)
    }

    /// The history's filter: only the parties an order names, by name; 20,000 synced customers
    /// without orders are not offered (issue 44: they made the screen 360 ms).
    @Test func theFilterOffersThePartiesTheOrdersName() throws {
        let (fixture, _) = try threeOrders()
        let unordered = try fixture.store.save(Customer(companyName: "Alimentari Zeta"))
        let customers = try fixture.store.customersWithOrders()
        #expect(customers.map(\.name) == ["Bar Città di Castello", "Caffè Società Cooperativa"])
        #expect(customers.map(\.id) == [fixture.otherCustomer.id, fixture.customer.id])
        #expect(!customers.map(\.id).contains(unordered.id))
        #expect(try fixture.store.suppliersWithOrders().map(\.name) == ["Acqua di Forlì", "Torrefazione Ëlite"])
        // A select's first options, by name, without reading every customer.
        #expect(try fixture.store.customers(limit: 2).map(\.companyName) == ["Alimentari Zeta", "Bar Città di Castello"])
    }

    @Test func sortedByCustomerThenSupplier() throws {
        let (fixture, ids) = try threeOrders()
        #expect(try fixture.store.orders(sortedBy: .customer).map(\.customerName) == [
            "Bar Città di Castello", "Caffè Società Cooperativa", "Caffè Società Cooperativa",
        ])
        #expect(try fixture.store.orders(sortedBy: .customer).map(\.order.id) == [ids[2], ids[1], ids[0]])
        #expect(try fixture.store.orders(sortedBy: .supplier).map(\.supplierName) == [
            "Acqua di Forlì", "Torrefazione Ëlite", "Torrefazione Ëlite",
        ])
    }

    @Test func filteredBySentOrStillToSend() throws {
        let (fixture, ids) = try threeOrders()
        #expect(try fixture.store.orders(state: .sent).map(\.order.id) == [ids[0]])
        #expect(try fixture.store.orders(state: .notSent).map(\.order.id) == [ids[2], ids[1]])
        #expect(try fixture.store.orders(sortedBy: .date, state: .all).count == 3)
    }

    @Test func ordersWithoutACustomerSortLast() throws {
        let (fixture, _) = try threeOrders()
        let loose = try fixture.store.createDraft(date: AgentStoreFixture.date(9))
        #expect(try fixture.store.orders(sortedBy: .customer).last?.order.id == loose.id)
        #expect(try fixture.store.orders(sortedBy: .date).first?.order.id == loose.id)
    }
}
