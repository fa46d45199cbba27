import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// Applying a sync: resolved remote ids, upserts, deletes, one transaction for the whole sync.
@Suite struct AgentStoreSyncTests {
    static func supplier(_ id: String, _ name: String) -> SyncCommand {
        .insert(.supplier(Supplier(name: name, email: "\(id.lowercased())@example.it")), company: "ACME", remoteID: id)
    }

    static func customer(_ id: String, _ name: String) -> SyncCommand {
        .insert(.customer(Customer(companyName: name, city: "Forlì")), company: "ACME", remoteID: id)
    }

    static func product(_ id: String, _ code: String, supplier: String, price: String = "1.00") -> SyncCommand {
        .insert(.product(Product(code: code, supplierID: 0, description: "Prodotto \(code) — qualità", price: Money(price)!), supplierRemoteID: supplier),
                company: "ACME", remoteID: id)
    }

    /// 40 commands: 5 suppliers, 10 customers, 20 products, 5 discounts.
    static func forty() -> [SyncCommand] {
        var commands: [SyncCommand] = []
        for s in 1...5 { commands.append(supplier("F\(s)", "Fornitore \(s) di Città di Castello")) }
        for c in 1...10 { commands.append(customer("C\(c)", "Cliente \(c) Società")) }
        for p in 1...20 { commands.append(product("P\(p)", "COD-\(p)", supplier: "F\((p - 1) % 5 + 1)")) }
        for d in 1...5 {
            commands.append(.insert(.discount(levels: [10, 5, 2], supplierRemoteID: "F\(d)", customerRemoteID: "C\(d)", productRemoteID: nil),
                                    company: "ACME", remoteID: "S\(d)"))
        }
        return commands
    }

    @Test func aSyncResolvesRemoteIDsAndReportsProgress() throws {
        let fixture = try AgentStoreFixture()
        var reports: [[Int]] = []
        let summary = try fixture.store.apply(Self.forty()) { done, total in reports.append([done, total]) }
        #expect(summary == SyncApplySummary(upserted: 40, deleted: 0))
        #expect(reports.count == 40 && reports.first == [1, 40] && reports.last == [40, 40])
        let f3 = try #require(try fixture.store.suppliers().first { $0.origin == .synced(company: "ACME", remoteID: "F3") })
        #expect(try fixture.store.products(supplierID: f3.id).map(\.code) == ["COD-13", "COD-18", "COD-3", "COD-8"])
        let c3 = try #require(try fixture.store.customers().first { $0.origin == .synced(company: "ACME", remoteID: "C3") })
        #expect(c3.companyName == "Cliente 3 Società")
        let discount = try #require(try fixture.store.discounts(customerID: c3.id).first)
        #expect(discount.supplierID == f3.id && discount.levels == [10, 5, 2] && discount.productID == nil)
        #expect(discount.origin == .synced(company: "ACME", remoteID: "S3"))
    }

    @Test func aSyncThatFailsAtCommand37Of40LeavesTheStoreExactlyAsBefore() throws {
        let fixture = try AgentStoreFixture()
        let order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        try fixture.store.addLine(orderID: order.id!, productID: fixture.cups.id!, quantity: 2)
        try fixture.store.apply([Self.supplier("F0", "Fornitore già sincronizzato")])
        let before = try fixture.snapshot()
        var commands = Self.forty()
        // Index 36 (the 37th): a discount naming a customer the company never sent.
        commands[36] = .insert(.discount(levels: [5], supplierRemoteID: "F1", customerRemoteID: "C99", productRemoteID: nil),
                               company: "ACME", remoteID: "S-bad")
        var reported = 0
        #expect(throws: SyncApplyError(index: 36, count: 40, reason: .unknownCustomer(remoteID: "C99"))) {
            try fixture.store.apply(commands) { done, _ in reported = done }
        }
        #expect(reported == 36)
        #expect(try fixture.snapshot() == before)
        // The snapshot does see a change: the first 36 commands alone do apply.
        try fixture.store.apply(Array(commands.prefix(36)))
        #expect(try fixture.snapshot() != before)
        let error = SyncApplyError(index: 36, count: 40, reason: .unknownCustomer(remoteID: "C99"))
        #expect(error.errorDescription?.contains("command 37 of 40") == true)
        #expect(error.code == "sync unknown customer")
    }

    @Test func unknownReferencesAreNamedByCommand() throws {
        let fixture = try AgentStoreFixture()
        #expect(throws: SyncApplyError(index: 1, count: 2, reason: .unknownSupplier(remoteID: "F9"))) {
            try fixture.store.apply([Self.supplier("F1", "Uno"), Self.product("P1", "X", supplier: "F9")])
        }
        // A supplier of another company is not this company's.
        try fixture.store.apply([.insert(.supplier(Supplier(name: "Altro", email: "a@b.it")), company: "BETA", remoteID: "F1")])
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .unknownSupplier(remoteID: "F1"))) {
            try fixture.store.apply([Self.product("P1", "X", supplier: "F1")])
        }
        try fixture.store.apply([Self.supplier("F1", "Uno"), Self.supplier("F2", "Due"), Self.customer("C1", "Cliente"),
                                 Self.product("P1", "X", supplier: "F1")])
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .productOfAnotherSupplier(productRemoteID: "P1", supplierRemoteID: "F2"))) {
            try fixture.store.apply([.insert(.discount(levels: [5], supplierRemoteID: "F2", customerRemoteID: "C1", productRemoteID: "P1"), company: "ACME", remoteID: "S1")])
        }
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .unknownProduct(remoteID: "P7"))) {
            try fixture.store.apply([.insert(.discount(levels: [5], supplierRemoteID: "F1", customerRemoteID: "C1", productRemoteID: "P7"), company: "ACME", remoteID: "S1")])
        }
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .invalidRecord(.invalidDiscount(.levelOutOfRange(level: 1, value: 101))))) {
            try fixture.store.apply([.insert(.discount(levels: [101], supplierRemoteID: "F1", customerRemoteID: "C1", productRemoteID: nil), company: "ACME", remoteID: "S1")])
        }
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .invalidRecord(.missingField(.customer, field: "company name")))) {
            try fixture.store.apply([Self.customer("C2", "")])
        }
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .emptyIdentifier)) { try fixture.store.apply([Self.customer("", "Senza id")]) }
    }

    @Test func insertAndUpdateAreUpserts() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.apply([Self.supplier("F1", "Uno"), Self.product("P1", "X", supplier: "F1", price: "2.00")])
        // An insert of a known record updates it; an update of an unknown one inserts it.
        try fixture.store.apply([
            Self.product("P1", "X", supplier: "F1", price: "2.50"),
            .update(.customer(Customer(companyName: "Nuovo Cliente Forlì")), company: "ACME", remoteID: "C5"),
        ])
        let products = try fixture.store.products().filter { $0.origin.isReadOnly }
        #expect(products.map(\.price) == [UnitPrice("2.50")!])
        #expect(try fixture.store.customers().contains { $0.companyName == "Nuovo Cliente Forlì" && $0.origin == .synced(company: "ACME", remoteID: "C5") })
        #expect(try fixture.store.suppliers().count == 2)
    }

    @Test func theCompanysProductTakesOverTheAgentsProductWithTheSameCode() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.apply([Self.supplier("F1", "Lavazza")])
        let lavazza = try #require(try fixture.store.suppliers().first { $0.name == "Lavazza" })
        let mine = try fixture.store.save(Product(code: "LAV-1", supplierID: lavazza.id!, price: Money("3.00")!))
        let order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        try fixture.store.addLine(orderID: order.id!, productID: mine.id!, quantity: 1)
        try fixture.store.apply([Self.product("P1", "LAV-1", supplier: "F1", price: "3.10")])
        let taken = try #require(try fixture.store.product(id: mine.id!))
        #expect(taken.origin == .synced(company: "ACME", remoteID: "P1"))
        #expect(taken.price == UnitPrice("3.10"))
        #expect(try fixture.store.order(id: order.id!)?.lines.first?.productID == mine.id)
        // Two company products with one code for one supplier are refused.
        #expect(throws: SyncApplyError(index: 0, count: 1, reason: .duplicateProductCode("LAV-1"))) {
            try fixture.store.apply([Self.product("P2", "LAV-1", supplier: "F1")])
        }
    }

    @Test func deleteRemovesTheRecordWithItsDependentsButNoOrder() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.apply(Self.forty())
        let p1 = try #require(try fixture.store.products().first { $0.code == "COD-1" })
        let order = try fixture.store.createDraft(date: AgentStoreFixture.date(1))
        try fixture.store.addLine(orderID: order.id!, productID: p1.id!, quantity: 3)
        let summary = try fixture.store.apply([
            .delete(.supplier, company: "ACME", remoteID: "F1"),
            .delete(.customer, company: "ACME", remoteID: "C-never-sent"),
        ])
        #expect(summary == SyncApplySummary(upserted: 0, deleted: 1))
        // F1's four products and its discount went with it.
        #expect(try fixture.store.products().filter { $0.origin.isReadOnly }.count == 16)
        #expect(try fixture.store.discounts().filter { $0.origin.isReadOnly }.count == 4)
        let kept = try #require(try fixture.store.order(id: order.id!))
        #expect(kept.lines.map(\.productCode) == ["COD-1"])
        #expect(kept.supplierID == nil)
    }

    @Test func deleteAllRemovesOnlyThatCompanysRecords() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.apply(Self.forty())
        try fixture.store.apply([.insert(.customer(Customer(companyName: "Cliente Beta")), company: "BETA", remoteID: "C1")])
        let before = try fixture.store.customers().count
        let summary = try fixture.store.apply([.deleteAll(company: "ACME")])
        #expect(summary.deleted == 40)
        #expect(try fixture.store.customers().count == before - 10)
        #expect(try fixture.store.customers().contains { $0.companyName == "Cliente Beta" })
        // The agent's own records stay.
        #expect(try fixture.store.customer(id: fixture.customer.id!) == fixture.customer)
        #expect(try fixture.store.products().count == 2)
    }
}

/// §3.3.2: a sync can be cancelled while its lines are applied, and then nothing of it is.
@Suite struct AgentSyncCancellationTests {
    @Test func aCancelledSyncAppliesNothing() async throws {
        let fixture = try AgentStoreFixture()
        let before = try fixture.snapshot()
        var commands: [SyncCommand] = [AgentStoreSyncTests.supplier("F1", "Fornitore di Forlì")]
        for index in 1...2_000 { commands.append(AgentStoreSyncTests.customer("C\(index)", "Cliente \(index)")) }
        let store = fixture.store
        let frozen = commands
        let task = Task {
            try store.apply(frozen) { done, _ in
                // The agent presses Cancel while the 300th line is applied.
                if done == 300 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try fixture.snapshot() == before)
        // Not cancelled, the same sync applies whole.
        #expect(try store.apply(frozen).upserted == 2_001)
    }
}
