import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// The order form's autocomplete: prefixes, case and accents ignored, at most ten.
@Suite struct AgentStoreAutocompleteTests {
    @Test func accentsAndCaseAreIgnored() throws {
        let fixture = try AgentStoreFixture()
        #expect(try fixture.store.customers(matching: "citta").map(\.companyName) == ["Bar Città di Castello"])
        #expect(try fixture.store.customers(matching: "CITTÀ").map(\.companyName) == ["Bar Città di Castello"])
        #expect(try fixture.store.customers(matching: "caffe soc").map(\.companyName) == ["Caffè Società Cooperativa"])
        #expect(try fixture.store.suppliers(matching: "elite").map(\.name) == ["Torrefazione Ëlite"])
        // The contact is searched too.
        #expect(try fixture.store.customers(matching: "belle").map(\.companyName) == ["Caffè Società Cooperativa"])
    }

    @Test func matchesTheStartOfTheNameOrOfAWordNotTheMiddle() throws {
        let fixture = try AgentStoreFixture()
        #expect(try fixture.store.customers(matching: "bar").map(\.companyName) == ["Bar Città di Castello"])
        #expect(try fixture.store.customers(matching: "castel").map(\.companyName) == ["Bar Città di Castello"])
        #expect(try fixture.store.customers(matching: "astel").isEmpty)
        #expect(try fixture.store.customers(matching: "zzz").isEmpty)
        // LIKE's wildcards are plain characters.
        #expect(try fixture.store.customers(matching: "%").count == 2)
        #expect(try fixture.store.customers(matching: "_ar").isEmpty)
    }

    @Test func namesStartingWithThePrefixComeFirstAndTheListIsCapped() throws {
        let fixture = try AgentStoreFixture()
        for index in 1...12 { try fixture.store.save(Customer(companyName: "Forlì Alimentari \(index)")) }
        try fixture.store.save(Customer(companyName: "Bar di Forlì"))
        let found = try fixture.store.customers(matching: "forli")
        #expect(found.count == 10)
        #expect(found.allSatisfy { $0.companyName.hasPrefix("Forlì Alimentari") })
        #expect(try fixture.store.customers(matching: "forli", limit: 20).last?.companyName == "Bar di Forlì")
    }

    @Test func productsByCodeOrDescriptionWithinASupplier() throws {
        let fixture = try AgentStoreFixture()
        #expect(try fixture.store.products(matching: "caf").map(\.code) == ["CAF-01"])
        #expect(try fixture.store.products(matching: "peru").map(\.code) == ["TAZ-02"])
        #expect(try fixture.store.products(matching: "grani").map(\.code) == ["CAF-01"])
        let other = try fixture.store.save(Supplier(name: "Altro", email: "altro@example.it"))
        try fixture.store.save(Product(code: "CAF-99", supplierID: other.id!, price: UnitPrice.zero))
        #expect(try fixture.store.products(matching: "caf").count == 2)
        #expect(try fixture.store.products(matching: "caf", supplierID: other.id).map(\.code) == ["CAF-99"])
    }
}
