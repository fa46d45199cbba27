import Amounts
import Credentials
import Foundation
import GRDB
import OrderKit
import Testing

/// The company server's store: accounts and subscriptions, master data with its change log,
/// one-time imports, and orders received exactly once.
struct CompanyStoreTests {
    /// A server clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { instant } }
        func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }
    }

    static func store(_ clock: Clock = Clock()) throws -> CompanyStore {
        let store = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing), now: { clock.now })
        _ = try store.addCompany(code: "ACME", name: "Acme Forniture S.p.A.")
        return store
    }

    static func customer(_ name: String) -> CompanyRecord {
        CompanyRecord(remoteID: name.lowercased(), record: .customer(Customer(companyName: name, city: "Forlì")))
    }

    @Test func companiesAndAgentsAreCheckedAndPasswordsHashed() throws {
        let store = try Self.store()
        #expect(throws: CompanyError.companyExists("ACME")) { try store.addCompany(code: "ACME", name: "again") }
        #expect(throws: CompanyError.invalidCompanyCode("a b")) { try store.addCompany(code: "a b", name: "x") }
        try store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
        #expect(throws: CompanyError.agentExists(company: "ACME", username: "mario.rossi")) {
            try store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
        }
        #expect(throws: CompanyError.unknownCompany("NOPE")) { try store.addAgent(company: "NOPE", username: "luigi", password: "una-password-lunga") }
        #expect(throws: CompanyError.self) { try store.addAgent(company: "ACME", username: "luigi", password: "corta") }
        let stored = try store.database.read { db in try String.fetchOne(db, sql: "SELECT passwordHash FROM order_company_agent") }
        #expect(stored?.hasPrefix("scrypt$") == true)
        #expect(stored?.contains("una-password-lunga") == false)
    }

    @Test func checkAnswersAllowedWrongPasswordAndEndedSubscription() throws {
        let store = try Self.store()
        try store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .allowed)
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "sbagliata!!") == .wrongPassword)
        #expect(try store.authenticate(company: "ACME", username: "nessuno", password: "una-password-lunga") == .wrongPassword)
        try store.endSubscription(company: "ACME", username: "mario.rossi")
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .subscriptionEnded)
        #expect(throws: CompanyError.unknownAgent(company: "ACME", username: "nessuno")) { try store.endSubscription(company: "ACME", username: "nessuno") }
    }

    @Test func aRememberedCheckNeverHidesAWrongPasswordOrAnEndedSubscription() throws {
        let store = try Self.store()
        try store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .allowed)
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .allowed)
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lungA") == .wrongPassword)
        #expect(try store.authenticate(company: "ACME", username: "mario.ross", password: "iuna-password-lunga") == .wrongPassword)
        try store.endSubscription(company: "ACME", username: "mario.rossi")
        #expect(try store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .subscriptionEnded)
    }

    @Test func theFeedsCursorReturnsEachChangeOnceInOrder() throws {
        let store = try Self.store()
        try store.upsert([Self.customer("Caffè Società"), Self.customer("Bar Sport")], company: "ACME")
        let first = try store.changes(company: "ACME", after: 0)
        #expect(first.map(\.remoteID) == ["caffè società", "bar sport"])
        let cursor = try #require(first.last?.sequence)
        #expect(try store.changes(company: "ACME", after: cursor).isEmpty)
        try store.deleteRecord(kind: .customer, remoteID: "bar sport", company: "ACME")
        let next = try store.changes(company: "ACME", after: cursor)
        #expect(next.count == 1)
        #expect(next.first?.remoteID == "bar sport" && next.first?.record == nil)
    }

    /// The thesis's `lastSync` is the agent's clock: with the agent's clock 5 minutes fast, a
    /// change the company makes 2 minutes after a sync is older than the agent's `lastSync` and
    /// never reaches the agent. The server's change counter does not depend on any clock.
    @Test func aClockBasedLastSyncLosesAChangeTheCursorKeeps() throws {
        let clock = Clock()
        let store = try Self.store(clock)
        try store.upsert([Self.customer("Bar Sport")], company: "ACME")
        let agentClockAhead: TimeInterval = 300
        let lastSync = clock.now.addingTimeInterval(agentClockAhead)
        let cursor = try #require(try store.changes(company: "ACME", after: 0).last?.sequence)

        clock.advance(120)
        try store.upsert([Self.customer("Caffè Società")], company: "ACME")

        #expect(try store.changes(company: "ACME", since: lastSync).isEmpty, "the clock-based sync was expected to miss the change")
        #expect(try store.changes(company: "ACME", after: cursor).map(\.remoteID) == ["caffè società"])
    }

    @Test func anImportCodeIsRedeemedOnceAndItsFileDeleted() throws {
        let store = try Self.store()
        try store.createImport([Self.customer("Caffè Società")], kind: .customer, company: "ACME", code: "KXPQRM")
        #expect(try store.importCodes() == ["KXPQRM"])
        let redeemed = try store.redeemImport(code: "KXPQRM", company: "ACME")
        #expect(redeemed.records.map(\.remoteID) == ["caffè società"])
        #expect(throws: CompanyError.unknownImportCode("KXPQRM")) { try store.redeemImport(code: "KXPQRM", company: "ACME") }
        #expect(try store.importCodes().isEmpty)
        // The records stay in the company's master data for syncing agents.
        #expect(try store.changes(company: "ACME", after: 0).count == 1)
        #expect(throws: CompanyError.emptyImport) { try store.createImport([], kind: .customer, company: "ACME", code: "ABCDEF") }
    }

    @Test func aRetriedSendIsStoredOnceAndItsHookRunsOnce() throws {
        let store = try Self.store()
        let order = Order(customerID: 1, supplierID: 2, lines: [
            OrderLine(productID: 3, productCode: "SEDIA-01", description: "Sedia in faggio", quantity: 4, unitPrice: try #require(Money("49.90")), discountLevels: [10, 5]),
        ], date: Date(timeIntervalSince1970: 1_800_000_000))
        let submission = OrderSubmission(
            order: order, customer: Customer(companyName: "Caffè Società", email: "acquisti@caffe.it"),
            supplier: Supplier(name: "Mobilificio", email: "ordini@mobilificio.it"), agent: Agent(name: "Mario Rossi", email: "mario@example.it")
        )
        var hookRuns = 0
        let first = try store.receive(submission, from: "mario.rossi", company: "ACME") { _, _ in hookRuns += 1 }
        let retry = try store.receive(submission, from: "mario.rossi", company: "ACME") { _, _ in hookRuns += 1 }
        #expect(first.isNew && !retry.isNew)
        #expect(first.number == retry.number)
        #expect(hookRuns == 1)
        #expect(try store.receivedOrders(company: "ACME").map(\.submission) == [submission])
        #expect(first.mailRecipients.to == ["ordini@mobilificio.it", "acquisti@caffe.it"])
        #expect(first.mailRecipients.cc == ["mario@example.it"])
        let content = try first.documentContent(companyName: "Acme Forniture")
        // 4 × 49.90 = 199.60, less 10 % then 5 %: 199.60 × 0.9 × 0.95 = 170.658 → 170.66.
        #expect(content.netTotal == Money("170.66"))
        #expect(content.lines.first?.discount.contains("10+5") == true)
    }

    @Test func aHookThatFailsStoresNothing() throws {
        let store = try Self.store()
        let submission = OrderSubmission(
            order: Order(lines: [], date: Date()), customer: Customer(companyName: "Bar Sport"), supplier: Supplier(name: "F", email: "f@example.it"), agent: Agent(name: "A")
        )
        struct MailRefused: Error {}
        #expect(throws: MailRefused.self) { try store.receive(submission, from: "a", company: "ACME") { _, _ in throw MailRefused() } }
        #expect(try store.receivedOrders(company: "ACME").isEmpty)
    }
}
