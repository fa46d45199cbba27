import Amounts
import Foundation
import GRDB
import Credentials
import OrderCompany
import OrderKit
import Testing

/// The agent's side of §3.2.2: the thesis's example body, as printed, applied to a store that
/// holds the product and the discount it updates and deletes.
@Suite struct ThesisExampleAgentTests {
    @Test func theExampleInsertsASupplierAndACustomerUpdatesAProductAndDeletesADiscount() throws {
        let fixture = try AgentStoreFixture()
        let company = ThesisExample.company
        // What an earlier sync left: supplier 1, customer 2, products 3 and 30, discount 40.
        try fixture.store.apply([
            .insert(.supplier(Supplier(name: "Fornitore storico", email: "storico@fornitore.it")), company: company, remoteID: "1"),
            .insert(.customer(Customer(companyName: "Cliente storico")), company: company, remoteID: "2"),
            .insert(.product(Product(code: "P3", supplierID: 0, price: UnitPrice.zero), supplierRemoteID: "1"), company: company, remoteID: "3"),
            .insert(.product(Product(code: "vecchio", supplierID: 0, price: Money(cents: 990)!, minimumQuantity: 5), supplierRemoteID: "1"),
                    company: company, remoteID: "30"),
            .insert(.discount(levels: [15, 10, 5], supplierRemoteID: "1", customerRemoteID: "2", productRemoteID: "3"), company: company, remoteID: "40"),
        ])
        let oldSupplier = try #require(try fixture.store.suppliers().first { $0.origin.isReadOnly })

        let commands = try SyncResponse.parse(ThesisExample.syncBody, company: company).get()
        let summary = try fixture.store.apply(commands)
        #expect(summary == SyncApplySummary(upserted: 3, deleted: 1))

        let suppliers = try fixture.store.suppliers()
        let newSupplier = try #require(suppliers.first { $0.origin == .synced(company: company, remoteID: "10") })
        #expect(newSupplier == Supplier(
            id: newSupplier.id, name: "nomeF", email: "fornitore@fornitore.it", contact: "respF", phone: "000111222", mobile: "333444555",
            fax: "667788", city: "cittaF", address: "indirizzoF", origin: .synced(company: company, remoteID: "10")))
        let customer = try #require(try fixture.store.customers().first { $0.origin == .synced(company: company, remoteID: "20") })
        #expect(customer == Customer(
            id: customer.id, companyName: "nomeC", contact: "respC", vatNumber: "00000", taxCode: "11111", iban: "99999", phone: "222111000",
            mobile: "555444333", fax: "887766", email: "cliente@cliente.it", address: "indirizzoC", city: "cittaC", province: "CC",
            postcode: "55555", notes: "noteC", origin: .synced(company: company, remoteID: "20")))
        let product = try #require(try fixture.store.products().first { $0.origin == .synced(company: company, remoteID: "30") })
        // Updated in place: codice, descrizione, quantità minima 1, prezzo 2; its supplier kept.
        #expect(product.code == "codP" && product.description == "descP" && product.minimumQuantity == 1 && product.price == UnitPrice(cents: 200))
        #expect(product.supplierID == oldSupplier.id)
        #expect(try fixture.store.products().filter(\.origin.isReadOnly).count == 2)
        #expect(try fixture.store.discounts().filter(\.origin.isReadOnly).isEmpty)
    }

    /// Issue 40, fault 5: a thesis-only server sends `prodotto` with no supplier (§3.2.2). On an
    /// empty device the example applies whole: product codP is the company's, offered with any
    /// of its suppliers, and goes on an order for nomeF.
    @Test func theExampleOnAnEmptyDeviceKeepsTheProductAsTheCompanys() throws {
        let store = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        let commands = try SyncResponse.parse(ThesisExample.syncBody, company: ThesisExample.company).get()
        let summary = try store.apply(commands)
        #expect(summary.upserted == 3)
        let product = try #require(try store.products().first)
        #expect(product.code == "codP" && product.description == "descP" && product.minimumQuantity == 1 && product.price == UnitPrice(cents: 200))
        #expect(product.supplierID == nil && product.origin == .synced(company: ThesisExample.company, remoteID: "30"))
        let supplier = try #require(try store.suppliers().first { $0.origin.isReadOnly })
        #expect(try store.products(supplierID: supplier.id).map(\.code) == ["codP"])
        // The agent's own supplier, of no company, is not offered the company's product.
        let own = try store.save(Supplier(name: "Falegnameria", email: "f@falegnameria.example"))
        #expect(try store.products(supplierID: own.id).isEmpty)

        let draft = try store.createDraft(date: Date(timeIntervalSince1970: 1_800_000_000))
        let id = try #require(draft.id)
        let productID = try #require(product.id)
        // Which supplier sells it is the agent's choice, made first.
        #expect(throws: AgentStoreError.chooseSupplierFirst(productCode: "codP")) { try store.addLine(orderID: id, productID: productID, quantity: 1) }
        var order = draft
        order.supplierID = supplier.id
        order.customerID = try store.customers().first { $0.origin.isReadOnly }?.id
        _ = try store.update(order)
        let withLine = try store.addLine(orderID: id, productID: productID, quantity: 3)
        #expect(withLine.lines.map(\.productCode) == ["codP"] && withLine.supplierID == supplier.id)
        #expect(try store.sendingProblems(orderID: id).isEmpty)
        var other = try store.createDraft(date: Date(timeIntervalSince1970: 1_800_000_000))
        other.supplierID = own.id
        other = try store.update(other)
        #expect(throws: AgentStoreError.productOfAnotherSupplier(productCode: "codP", orderID: try #require(other.id))) {
            try store.addLine(orderID: other.id ?? 0, productID: productID, quantity: 1)
        }
    }
}
