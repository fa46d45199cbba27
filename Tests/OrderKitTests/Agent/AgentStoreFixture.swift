import Credentials
import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit

/// An agent's store in memory with a small Italian price list, for the store's tests.
struct AgentStoreFixture {
    let store: AgentStore
    let customer: Customer
    let otherCustomer: Customer
    let supplier: Supplier
    let beans: Product
    let cups: Product

    /// A fixed clock: the auto-save time is predictable.
    static let clock = Date(timeIntervalSince1970: 1_763_900_000)

    init() throws {
        store = try AgentStore(database: DatabaseQueue(), keys: .ephemeral(), now: { Self.clock })
        customer = try store.save(Customer(companyName: "Caffè Società Cooperativa", contact: "Anna Bellè", city: "Forlì", province: "FC"))
        otherCustomer = try store.save(Customer(companyName: "Bar Città di Castello", city: "Città di Castello", province: "PG"))
        supplier = try store.save(Supplier(name: "Torrefazione Ëlite", email: "ordini@torrefazione.example", city: "Forlì"))
        beans = try store.save(Product(code: "CAF-01", supplierID: supplier.id!, description: "Caffè in grani 1 kg", price: Money("12.50")!, minimumQuantity: 6))
        cups = try store.save(Product(code: "TAZ-02", supplierID: supplier.id!, description: "Tazzine «Perù»", price: Money("0.99")!))
    }

    static func date(_ day: Int) -> Date { Date(timeIntervalSince1970: 1_763_000_000 + Double(day) * 86_400) }

    /// Every row of every `order_` table and the id counters, to compare the whole store before and after.
    func snapshot() throws -> [String: [Row]] {
        try store.database.read { db in
            var tables: [String: [Row]] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'order\\_%' ESCAPE '\\'") {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid")
            }
            // The next ids too: a rolled-back sync must not even consume ids.
            tables["sqlite_sequence"] = try Row.fetchAll(db, sql: "SELECT * FROM sqlite_sequence ORDER BY name")
            return tables
        }
    }
}
