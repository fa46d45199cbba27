import Credentials
import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// The agent's profile and master data: round trips with Italian text, required fields, unique
/// codes, read-only synced records, delete one and delete all.
@Suite struct AgentStoreMasterDataTests {
    @Test func theAgentsProfileRoundTrips() throws {
        let store = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        #expect(try store.agent() == nil)
        let agent = Agent(name: "Niccolò Forlì", phone: "0543 123456", email: "niccolo@example.it", address: "Via dell'Università 3", city: "Città di Castello")
        try store.save(agent)
        #expect(try store.agent() == agent)
        var moved = agent
        moved.city = "Forlì"
        try store.save(moved)
        #expect(try store.agent() == moved)
        #expect(throws: AgentStoreError.missingAgentName) { try store.save(Agent(name: "  ")) }
    }

    @Test func recordsRoundTripWithAccentsIntact() throws {
        let fixture = try AgentStoreFixture()
        let store = fixture.store
        let full = Customer(companyName: "Caffè Società Cooperativa “Perù”", contact: "Zoë D’Annunzio", vatNumber: "IT01234567890",
                            taxCode: "DNNZOE80A41D704X", iban: "IT60X0542811101000000123456", phone: "0543 1", mobile: "333 2", fax: "0543 3",
                            email: "zoe@società.it", address: "Piazza Saffi 1", city: "Forlì", province: "FC", postcode: "47121", notes: "Chiuso il lunedì — è così")
        let saved = try store.save(full)
        #expect(saved.id != nil)
        var expected = full
        expected.id = saved.id
        #expect(saved == expected)
        #expect(try store.customer(id: #require(saved.id)) == expected)
        #expect(try store.product(id: #require(fixture.cups.id))?.description == "Tazzine «Perù»")
        #expect(try store.supplier(id: #require(fixture.supplier.id)) == fixture.supplier)
    }

    @Test func saveUpdatesByID() throws {
        let fixture = try AgentStoreFixture()
        var customer = fixture.customer
        customer.city = "Città di Castello"
        #expect(try fixture.store.save(customer) == customer)
        #expect(try fixture.store.customer(id: customer.id!)?.city == "Città di Castello")
        #expect(try fixture.store.customers().count == 2)
        var ghost = customer
        ghost.id = 999
        #expect(throws: AgentStoreError.unknownRecord(.customer, id: 999)) { try fixture.store.save(ghost) }
    }

    @Test func listsAreSortedIgnoringCaseAndAccents() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.save(Customer(companyName: "éclair pasticceria"))
        try fixture.store.save(Customer(companyName: "Drogheria Ávila"))
        #expect(try fixture.store.customers().map(\.companyName) == [
            "Bar Città di Castello", "Caffè Società Cooperativa", "Drogheria Ávila", "éclair pasticceria",
        ])
        let other = try fixture.store.save(Product(code: "AAA-9", supplierID: fixture.supplier.id!, price: UnitPrice.zero))
        #expect(try fixture.store.products(supplierID: fixture.supplier.id!).map(\.code) == ["AAA-9", "CAF-01", "TAZ-02"])
        #expect(try fixture.store.products().map(\.id) == [other.id, fixture.beans.id, fixture.cups.id])
    }

    @Test func requiredFieldsAreNamed() throws {
        let fixture = try AgentStoreFixture()
        let store = fixture.store
        #expect(throws: AgentStoreError.missingField(.customer, field: "company name")) { try store.save(Customer(companyName: " ")) }
        #expect(throws: AgentStoreError.missingField(.supplier, field: "name")) { try store.save(Supplier(name: "", email: "a@b.it")) }
        #expect(throws: AgentStoreError.missingField(.supplier, field: "e-mail")) { try store.save(Supplier(name: "Forlì Srl", email: "")) }
        #expect(throws: AgentStoreError.missingField(.product, field: "code")) {
            try store.save(Product(code: "", supplierID: fixture.supplier.id!, price: UnitPrice.zero))
        }
        #expect(throws: AgentStoreError.minimumQuantityBelowOne(productCode: "X", minimum: 0)) {
            try store.save(Product(code: "X", supplierID: fixture.supplier.id!, price: UnitPrice.zero, minimumQuantity: 0))
        }
        #expect(throws: AgentStoreError.unknownRecord(.supplier, id: 77)) { try store.save(Product(code: "X", supplierID: 77, price: UnitPrice.zero)) }
        #expect(AgentStoreError.missingField(.supplier, field: "e-mail").errorDescription == "the supplier's e-mail is required")
    }

    @Test func productCodesAreUniquePerSupplier() throws {
        let fixture = try AgentStoreFixture()
        let supplierID = fixture.supplier.id!
        #expect(throws: AgentStoreError.duplicateProductCode("CAF-01", supplierID: supplierID)) {
            try fixture.store.save(Product(code: "CAF-01", supplierID: supplierID, price: UnitPrice.zero))
        }
        // Saving the product itself again is not a duplicate; another supplier may use the code.
        #expect(try fixture.store.save(fixture.beans) == fixture.beans)
        let other = try fixture.store.save(Supplier(name: "Altro", email: "altro@example.it"))
        #expect(try fixture.store.save(Product(code: "CAF-01", supplierID: other.id!, price: UnitPrice.zero)).id != nil)
    }

    @Test func discountsAreValidatedAndUniquePerTarget() throws {
        let fixture = try AgentStoreFixture()
        let (s, c) = (fixture.supplier.id!, fixture.customer.id!)
        let whole = try fixture.store.save(Discount(supplierID: s, customerID: c, levels: [10, 5, 2]))
        let product = try fixture.store.save(Discount(supplierID: s, customerID: c, productID: fixture.cups.id, levels: [Decimal(string: "12.5")!]))
        #expect(try fixture.store.discount(id: whole.id!)?.levels == [10, 5, 2])
        #expect(try fixture.store.discount(id: product.id!)?.levels == [Decimal(string: "12.5")!])
        #expect(throws: AgentStoreError.duplicateDiscount(existingID: whole.id!)) {
            try fixture.store.save(Discount(supplierID: s, customerID: c, levels: [20]))
        }
        #expect(throws: AgentStoreError.invalidDiscount(.levelTooPrecise(level: 2, value: Decimal(string: "0.001")!))) {
            try fixture.store.save(Discount(supplierID: s, customerID: c, levels: [10, Decimal(string: "0.001")!]))
        }
        #expect(throws: AgentStoreError.invalidDiscount(.levelCount(0))) { try fixture.store.save(Discount(supplierID: s, customerID: c, levels: [])) }
        let other = try fixture.store.save(Supplier(name: "Altro", email: "altro@example.it"))
        #expect(throws: AgentStoreError.discountProductOfAnotherSupplier(productID: fixture.cups.id!, supplierID: other.id!)) {
            try fixture.store.save(Discount(supplierID: other.id!, customerID: c, productID: fixture.cups.id, levels: [5]))
        }
        #expect(try fixture.store.applicableDiscount(supplierID: s, customerID: c, productID: fixture.cups.id)?.id == product.id)
        #expect(try fixture.store.applicableDiscount(supplierID: s, customerID: c, productID: fixture.beans.id)?.id == whole.id)
        #expect(try fixture.store.applicableDiscount(supplierID: s, customerID: fixture.otherCustomer.id!, productID: fixture.beans.id) == nil)
        #expect(try fixture.store.discounts(customerID: c).map(\.id) == [whole.id, product.id])
    }

    @Test func syncedRecordsAreReadOnly() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.apply([
            .insert(.supplier(Supplier(name: "Lavazza", email: "ordini@lavazza.example")), company: "ACME", remoteID: "F1"),
            .insert(.customer(Customer(companyName: "Pasticceria Forlì")), company: "ACME", remoteID: "C1"),
        ])
        let synced = try #require(try fixture.store.suppliers().first { $0.name == "Lavazza" })
        #expect(synced.origin == .synced(company: "ACME", remoteID: "F1"))
        var edited = synced
        edited.name = "Lavazza (mia)"
        // By its stored origin, even when the caller claims it is local.
        edited.origin = .local
        #expect(throws: AgentStoreError.readOnly(.supplier, id: synced.id)) { try fixture.store.save(edited) }
        #expect(throws: AgentStoreError.readOnly(.supplier, id: nil)) {
            try fixture.store.save(Supplier(name: "X", email: "x@y.it", origin: .synced(company: "ACME", remoteID: "F9")))
        }
        #expect(throws: AgentStoreError.readOnly(.supplier, id: synced.id)) { try fixture.store.delete(.supplier, id: synced.id!) }
        #expect(try fixture.store.supplier(id: synced.id!) == synced)
        // The agent may add to a company's price list.
        let mine = try fixture.store.save(Product(code: "LAV-1", supplierID: synced.id!, price: Money("3.20")!))
        #expect(mine.origin == .local)
        #expect(AgentStoreError.readOnly(.supplier, id: 4).errorDescription?.contains("read-only") == true)
    }

    @Test func deleteOneAndDeleteAllLocalKeepTheCompanysRecords() throws {
        let fixture = try AgentStoreFixture()
        try fixture.store.apply([
            .insert(.customer(Customer(companyName: "Pasticceria Forlì")), company: "ACME", remoteID: "C1"),
        ])
        try fixture.store.delete(.customer, id: fixture.otherCustomer.id!)
        #expect(try fixture.store.customer(id: fixture.otherCustomer.id!) == nil)
        #expect(throws: AgentStoreError.unknownRecord(.customer, id: fixture.otherCustomer.id!)) {
            try fixture.store.delete(.customer, id: fixture.otherCustomer.id!)
        }
        #expect(try fixture.store.deleteAllLocal(.customer) == 1)
        #expect(try fixture.store.customers().map(\.companyName) == ["Pasticceria Forlì"])
        // A supplier takes its products and discounts with it.
        try fixture.store.save(Discount(supplierID: fixture.supplier.id!, customerID: fixture.store.customers()[0].id!, levels: [5]))
        #expect(try fixture.store.deleteAllLocal(.supplier) == 1)
        #expect(try fixture.store.products().isEmpty)
        #expect(try fixture.store.discounts().isEmpty)
    }
}
