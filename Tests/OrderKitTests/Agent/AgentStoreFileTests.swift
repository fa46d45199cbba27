import Credentials
import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Storage
import Testing

/// The auto-save on a real database file: every call is committed when it returns.
@Suite struct AgentStoreFileTests {
    @Test func anOrderSurvivesReopeningTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agent-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bottega.sqlite").path

        var orderID: Int64 = 0
        var productID: Int64 = 0
        do {
            let store = try AgentStore(database: try SQLiteFile.open(path: path), keys: try KeyFile.open(path: path + ".keys"))
            let supplier = try store.save(Supplier(name: "Torrefazione Forlì", email: "ordini@example.it"))
            productID = try store.save(Product(code: "CAF-01", supplierID: supplier.id!, description: "Caffè", price: Money("12.50")!)).id!
            orderID = try store.createDraft(date: Date(timeIntervalSince1970: 1_763_000_000)).id!
        }
        do {
            // A second process (the CLI) while the first is still open, then the first goes away.
            let store = try AgentStore(database: try SQLiteFile.open(path: path), keys: try KeyFile.open(path: path + ".keys"))
            try store.addLine(orderID: orderID, productID: productID, quantity: 4)
        }
        let reopened = try AgentStore(database: try SQLiteFile.open(path: path), keys: try KeyFile.open(path: path + ".keys"))
        let order = try #require(try reopened.order(id: orderID))
        #expect(order.lines.map(\.quantity) == [4])
        #expect(order.lines.first?.description == "Caffè")
        #expect(try reopened.totals(of: orderID).net == Money("50.00"))
        // WAL mode and foreign keys, as the house pattern opens files.
        let mode = try reopened.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let foreignKeys = try reopened.database.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == true)
    }

    @Test func migrationsAreNamedForOrders() throws {
        let queue = try DatabaseQueue()
        _ = try AgentStore(database: queue, keys: .ephemeral())
        let applied = try queue.read { db in try OrderSchema.migrator(passwords: SecretBox(key: .init(size: .bits256))).appliedMigrations(db) }
        #expect(!applied.isEmpty && applied.allSatisfy { $0.hasPrefix("order-") })
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'grdb%'")
        }
        #expect(tables.allSatisfy { $0.hasPrefix("order_") })
    }
}
