import Amounts
import Credentials
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// The company's sync answers in both protocols, read back with the agent's own parsers.
struct CompanySyncServerTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { instant } }
        func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }
    }

    static func server(company: String = "ACME", clock: Clock = Clock()) async throws -> CompanySyncServer {
        let store = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing), now: { clock.now })
        _ = try await store.addCompany(code: company, name: "Acme Forniture")
        try await store.addAgent(company: company, username: "mario.rossi", password: "una-password-lunga")
        return CompanySyncServer(store: store, lastSyncZone: TimeZone(identifier: "UTC")!)
    }

    static let supplier = SyncRecord.supplier(Supplier(name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it"))
    static let customer = SyncRecord.customer(Customer(companyName: "Caffè Società", city: "Forlì"))
    static let password = "una-password-lunga"

    static func lastSync(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    @Test func checkAnswersEachCase() async throws {
        let server = try await Self.server()
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: Self.password) == .noUpdates)
        try await server.store.upsert([("F1", Self.supplier)], company: "ACME")
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: Self.password) == .updatesAvailable)
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: "wrong-password") == .wrongPassword)
        #expect(try await server.check(company: "OTHER", username: "mario.rossi", password: Self.password) == .wrongPassword)
        try await server.store.endSubscription(company: "ACME", username: "mario.rossi")
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: Self.password) == .subscriptionDeleted)
        try await server.store.renewSubscription(company: "ACME", username: "mario.rossi")
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: Self.password) == .updatesAvailable)
        try await server.store.resetPassword(company: "ACME", username: "mario.rossi", newPassword: "un'altra-password-lunga")
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: Self.password) == .wrongPassword)
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: "un'altra-password-lunga") == .updatesAvailable)
    }

    /// §3.2.2: a company whose data mirrors the thesis's example answers the example, line for
    /// line, with only the idAzienda values (Bottega assigns its own numbers) told apart.
    @Test func aCompanyMirroringTheThesisExampleAnswersTheExample() async throws {
        let clock = Clock()
        let server = try await Self.server(company: ThesisExample.company, clock: clock)
        let store = server.store
        let company = ThesisExample.company
        // Before the agent's last sync: the supplier, customer and products the discount names.
        let old = try await store.upsert([
            ("F-OLD", .supplier(Supplier(name: "Fornitore storico", email: "storico@fornitore.it"))),
            ("C-OLD", .customer(Customer(companyName: "Cliente storico"))),
        ], company: company)
        let products = try await store.upsert([
            ("P3", .product(Product(code: "P3", supplierID: 0, price: UnitPrice.zero), supplierRemoteID: old[0])),
            ("P30", .product(Product(code: "vecchio", supplierID: 0, price: UnitPrice.zero), supplierRemoteID: old[0])),
        ], company: company)
        let discount = try await store.upsert([
            ("S40", .discount(levels: [15, 10, 5], supplierRemoteID: old[0], customerRemoteID: old[1], productRemoteID: products[0])),
        ], company: company)
        clock.advance(60)
        let lastSync = Self.lastSync(clock.now)
        clock.advance(60)
        // After it: the example's four changes.
        try await store.upsert([
            ("nomeF", .supplier(Supplier(
                name: "nomeF", email: "fornitore@fornitore.it", contact: "respF", phone: "000111222", mobile: "333444555", fax: "667788",
                city: "cittaF", address: "indirizzoF"))),
            ("nomeC", .customer(Customer(
                companyName: "nomeC", contact: "respC", vatNumber: "00000", taxCode: "11111", iban: "99999", phone: "222111000",
                mobile: "555444333", fax: "887766", email: "cliente@cliente.it", address: "indirizzoC", city: "cittaC", province: "CC",
                postcode: "55555", notes: "noteC"))),
            ("P30", .product(Product(code: "codP", supplierID: 0, description: "descP", price: Money(cents: 200)!, minimumQuantity: 1),
                             supplierRemoteID: old[0])),
        ], company: company)
        try await store.deleteRecord(kind: .discount, remoteID: discount[0], company: company)

        let body = try await server.thesisSync(company: company, username: "mario.rossi", password: Self.password, lastSync: lastSync)
        let ids = Set(old + products + discount)
        #expect(Self.withoutIDs(body.split(separator: "\n").map(String.init), ids: ids) == Self.withoutIDs(ThesisExample.lines, ids: ["1", "2", "3", "10", "20", "30", "40"]))
        #expect(try await server.check(company: company, username: "mario.rossi", password: Self.password) == .updatesAvailable)
        // And the agent's own parser reads it.
        #expect(try SyncResponse.parse(body, company: company).get().count == 4)
    }

    /// Every field holding an idAzienda (the last, and a discount's three references) as `#`.
    static func withoutIDs(_ lines: [String], ids: Set<String>) -> [String] {
        lines.map { line in
            var fields = line.components(separatedBy: "||")
            fields[fields.count - 1] = "#"
            if fields[1] == "sconto" { for index in 2...4 where !fields[index].isEmpty { fields[index] = "#" } }
            return fields.joined(separator: "||")
        }
    }

    @Test func insertsUpdatesAndDeletesFollowTheAgentsLastSync() async throws {
        let clock = Clock()
        let server = try await Self.server(clock: clock)
        let ids = try await server.store.upsert([("F1", Self.supplier), ("C1", Self.customer)], company: "ACME")
        let product = SyncRecord.product(Product(code: "CAF-01", supplierID: 0, price: Money(cents: 1250)!), supplierRemoteID: ids[0])
        let productID = try await server.store.upsert([("P1", product)], company: "ACME")[0]
        clock.advance(60)
        let before = Self.lastSync(clock.now)
        clock.advance(60)
        try await server.store.deleteRecord(kind: .customer, remoteID: ids[1], company: "ACME")
        let fresh = try await server.store.upsert([("C2", .customer(Customer(companyName: "Bar Sport")))], company: "ACME")[0]
        try await server.store.deleteRecord(kind: .customer, remoteID: fresh, company: "ACME")

        // From the start: everything is new, the product with its supplier; a record created and
        // deleted since is not sent at all.
        let all = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: Self.password, lastSync: "2000-01-01 00:00:00")
        guard case .supplier(var supplier) = Self.supplier, case .product(var syncedProduct, _) = product else { return }
        supplier.origin = .synced(company: "ACME", remoteID: ids[0])
        syncedProduct.origin = .synced(company: "ACME", remoteID: productID)
        #expect(try SyncResponse.parse(all, company: "ACME").get() == [
            .insert(.supplier(supplier), company: "ACME", remoteID: ids[0]),
            .insert(.product(syncedProduct, supplierRemoteID: ids[0]), company: "ACME", remoteID: productID),
        ])
        // Since `before`: the customer the agent has is deleted, with its last fields.
        let since = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: Self.password, lastSync: before)
        #expect(since == "del||cliente||Caffè Società||||||||||||||Forlì||||||||||||||ACME||\(ids[1])\n")
    }

    @Test func aRefusedSyncIsTheThesissOwnStarredLine() async throws {
        let server = try await Self.server()
        let wrong = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: "nope-nope-nope", lastSync: "2000-01-01 00:00:00")
        #expect(wrong == "*** Password errata")
        try await server.store.endSubscription(company: "ACME", username: "mario.rossi")
        let ended = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: Self.password, lastSync: "2000-01-01 00:00:00")
        #expect(ended == "***La sottoscrizione non è più attiva oppure il tuo account non è più valido.")
        try await server.store.renewSubscription(company: "ACME", username: "mario.rossi")
        let badTime = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: Self.password, lastSync: "yesterday")
        #expect(badTime.hasPrefix("***") && badTime.contains("yesterday"))
        #expect(throws: (any Error).self) { try SyncResponse.parse(badTime, company: "ACME").get() }
    }

    @Test func theFeedPagesWithItsCursor() async throws {
        let server = try await Self.server()
        let ids = try await server.store.upsert([("F1", Self.supplier), ("C1", Self.customer)], company: "ACME")
        let first = try await server.feed(company: "ACME", username: "mario.rossi", password: Self.password, cursor: nil, limit: 1)
        #expect(first.changes.map(\.remoteID) == [ids[0]] && first.hasMore)
        let second = try await server.feed(company: "ACME", username: "mario.rossi", password: Self.password, cursor: first.cursor, limit: 1)
        #expect(second.changes.map(\.remoteID) == [ids[1]] && !second.hasMore)
        let commands = try second.commands(company: "ACME").get()
        guard case .insert(.customer(let customer), _, _) = commands.first else { Issue.record("\(commands)"); return }
        #expect(customer.companyName == "Caffè Società" && customer.origin == .synced(company: "ACME", remoteID: ids[1]))
        let done = try await server.feed(company: "ACME", username: "mario.rossi", password: Self.password, cursor: second.cursor)
        #expect(done.changes.isEmpty && done.cursor == second.cursor)
        await #expect(throws: CompanySyncServer.Refusal.badCursor("x")) {
            try await server.feed(company: "ACME", username: "mario.rossi", password: Self.password, cursor: "x")
        }
        await #expect(throws: CompanySyncServer.Refusal.wrongPassword) {
            try await server.feed(company: "ACME", username: "mario.rossi", password: "nope-nope-nope", cursor: nil)
        }
    }
}
