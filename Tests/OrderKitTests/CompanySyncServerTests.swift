import Credentials
import Foundation
import GRDB
import OrderKit
import Testing

/// The company's sync answers in both protocols, read back with the agent's own parsers.
struct CompanySyncServerTests {
    static func server() async throws -> CompanySyncServer {
        let store = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing))
        _ = try await store.addCompany(code: "ACME", name: "Acme Forniture")
        try await store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
        return CompanySyncServer(store: store)
    }

    // As the agent's parser gives them back: marked as synced from ACME.
    static let supplier = CompanyRecord(remoteID: "F1", record: .supplier(Supplier(
        name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it", origin: .synced(company: "ACME", remoteID: "F1"))))
    static let customer = CompanyRecord(remoteID: "C1", record: .customer(Customer(
        companyName: "Caffè Società", city: "Forlì", origin: .synced(company: "ACME", remoteID: "C1"))))

    @Test func checkAnswersEachCase() async throws {
        let server = try await Self.server()
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .noUpdates)
        try await server.store.upsert([Self.supplier], company: "ACME")
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .updatesAvailable)
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: "wrong-password") == .wrongPassword)
        #expect(try await server.check(company: "OTHER", username: "mario.rossi", password: "una-password-lunga") == .wrongPassword)
        try await server.store.endSubscription(company: "ACME", username: "mario.rossi")
        #expect(try await server.check(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .subscriptionDeleted)
    }

    @Test func theThesisSyncIsReadBackByTheAgentsParser() async throws {
        let server = try await Self.server()
        try await server.store.upsert([Self.supplier, Self.customer], company: "ACME")
        try await server.store.deleteRecord(kind: .customer, remoteID: "C1", company: "ACME")
        let text = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: "una-password-lunga", lastSync: "2000-01-01 00:00:00")
        let commands = try SyncResponse.parse(text, company: "ACME").get()
        #expect(commands == [
            .insert(Self.supplier.record, company: "ACME", remoteID: "F1"),
            .delete(.customer, company: "ACME", remoteID: "C1"),
        ])
    }

    @Test func aRefusedSyncIsOneStarredLine() async throws {
        let server = try await Self.server()
        let wrong = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: "nope-nope-nope", lastSync: "2000-01-01 00:00:00")
        #expect(wrong == "***pwdfail")
        let badTime = try await server.thesisSync(company: "ACME", username: "mario.rossi", password: "una-password-lunga", lastSync: "yesterday")
        #expect(badTime.hasPrefix("***") && badTime.contains("yesterday"))
        #expect(throws: (any Error).self) { try SyncResponse.parse(badTime, company: "ACME").get() }
    }

    @Test func theFeedPagesWithItsCursor() async throws {
        let server = try await Self.server()
        try await server.store.upsert([Self.supplier, Self.customer], company: "ACME")
        let first = try await server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: nil, limit: 1)
        #expect(first.changes.map(\.remoteID) == ["F1"] && first.hasMore)
        let second = try await server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: first.cursor, limit: 1)
        #expect(second.changes.map(\.remoteID) == ["C1"] && !second.hasMore)
        let commands = try second.commands(company: "ACME").get()
        #expect(commands == [.insert(Self.customer.record, company: "ACME", remoteID: "C1")])
        let done = try await server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: second.cursor)
        #expect(done.changes.isEmpty && done.cursor == second.cursor)
        await #expect(throws: CompanySyncServer.Refusal.badCursor("x")) {
            try await server.feed(company: "ACME", username: "mario.rossi", password: "una-password-lunga", cursor: "x")
        }
        await #expect(throws: CompanySyncServer.Refusal.wrongPassword) {
            try await server.feed(company: "ACME", username: "mario.rossi", password: "nope-nope-nope", cursor: nil)
        }
    }
}
