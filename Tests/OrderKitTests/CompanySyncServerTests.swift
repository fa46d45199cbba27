import Credentials
import Foundation
import GRDB
import OrderKit
import Testing

/// The company's sync answers in both protocols, read back with the agent's own parsers.
struct CompanySyncServerTests {
    static func server() throws -> CompanySyncServer {
        let store = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing))
        _ = try store.addCompany(code: "ACME", name: "Acme Forniture")
        try store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
        return CompanySyncServer(store: store)
    }

    // As the agent's parser gives them back: marked as synced from ACME.
    static let supplier = CompanyRecord(remoteID: "F1", record: .supplier(Supplier(
        name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it", origin: .synced(company: "ACME", remoteID: "F1"))))
    static let customer = CompanyRecord(remoteID: "C1", record: .customer(Customer(
        companyName: "Caffè Società", city: "Forlì", origin: .synced(company: "ACME", remoteID: "C1"))))

    @Test func checkAnswersEachCase() throws {
        let server = try Self.server()
        #expect(try server.check(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .noUpdates)
        try server.store.upsert([Self.supplier], company: "ACME")
        #expect(try server.check(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .updatesAvailable)
        #expect(try server.check(company: "ACME", username: "mario.rossi", password: "wrong-password") == .wrongPassword)
        #expect(try server.check(company: "OTHER", username: "mario.rossi", password: "una-password-lunga") == .wrongPassword)
        try server.store.endSubscription(company: "ACME", username: "mario.rossi")
        #expect(try server.check(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .subscriptionDeleted)
    }

    @Test func theThesisSyncIsReadBackByTheAgentsParser() throws {
        let server = try Self.server()
        try server.store.upsert([Self.supplier, Self.customer], company: "ACME")
        try server.store.deleteRecord(kind: .customer, remoteID: "C1", company: "ACME")
        let text = try server.thesisSync(company: "ACME", username: "mario.rossi", password: "una-password-lunga", lastSync: "2000-01-01 00:00:00")
        let commands = try SyncResponse.parse(text, company: "ACME").get()
        #expect(commands == [
            .insert(Self.supplier.record, company: "ACME", remoteID: "F1"),
            .delete(.customer, company: "ACME", remoteID: "C1"),
        ])
    }

    @Test func aRefusedSyncIsOneStarredLine() throws {
        let server = try Self.server()
        let wrong = try server.thesisSync(company: "ACME", username: "mario.rossi", password: "nope-nope-nope", lastSync: "2000-01-01 00:00:00")
        #expect(wrong == "***pwdfail")
        let badTime = try server.thesisSync(company: "ACME", username: "mario.rossi", password: "una-password-lunga", lastSync: "yesterday")
        #expect(badTime.hasPrefix("***") && badTime.contains("yesterday"))
        #expect(throws: (any Error).self) { try SyncResponse.parse(badTime, company: "ACME").get() }
    }

    @Test func theFeedPagesWithItsCursor() throws {
        let server = try Self.server()
        try server.store.upsert([Self.supplier, Self.customer], company: "ACME")
        let first = try server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: nil, limit: 1)
        #expect(first.changes.map(\.remoteID) == ["F1"] && first.hasMore)
        let second = try server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: first.cursor, limit: 1)
        #expect(second.changes.map(\.remoteID) == ["C1"] && !second.hasMore)
        let commands = try second.commands(company: "ACME").get()
        #expect(commands == [.insert(Self.customer.record, company: "ACME", remoteID: "C1")])
        let done = try server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: second.cursor)
        #expect(done.changes.isEmpty && done.cursor == second.cursor)
        #expect(throws: CompanySyncServer.Refusal.badCursor("x")) {
            try server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: "x")
        }
        #expect(throws: CompanySyncServer.Refusal.wrongPassword) {
            try server.feed(company: "ACME", username: "mario.rossi", password: "nope-nope-nope", cursor: nil)
        }
    }
}
