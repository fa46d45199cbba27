import Amounts
import Credentials
import Foundation
import GRDB
import Mail
import MailOutbox
import OrderCompany
import OrderKit
import Storage
import StoreTestSupport
import Testing

/// The company server's store: accounts and subscriptions, master data with its change log,
/// one-time imports, and orders received exactly once — the same tests on SQLite and on
/// PostgreSQL.
struct CompanyStoreTests {
    /// A server clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { instant } }
        func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }
    }

    /// A store with company ACME, on `backend`.
    static func withStore(
        _ backend: StorageBackend, clock: Clock = Clock(), _ body: @Sendable (CompanyStore, MailOutbox) async throws -> Void
    ) async throws {
        try await backend.withDatabases { company, outbox in
            let store = CompanyStore(database: company, hasher: PasswordHasher(cost: .testing), now: { clock.now })
            _ = try await store.addCompany(code: "ACME", name: "Acme Forniture S.p.A.")
            return try await body(store, MailOutbox(database: outbox, now: { clock.now }))
        }
    }

    static func customer(_ name: String) -> (key: String, record: SyncRecord) {
        (name.lowercased(), .customer(Customer(companyName: name, city: "Forlì")))
    }

    /// Issue 40: a company's logo is kept whole, a file that is no PNG refused, and removed on request.
    @Test(arguments: StorageBackend.available)
    func aLogoIsKeptByteForByteAndAFileThatIsNoPNGRefused(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            #expect(try await store.logo(company: "ACME") == nil)
            // A real 1 × 1 PNG (the smallest a PNG encoder writes), bytes as the PNG specification lays them out.
            let pixel: [UInt8] = [
                0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
                0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
                0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00,
                0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
            ]
            try await store.setLogo(pixel, company: "ACME")
            #expect(try await store.logo(company: "ACME") == pixel)
            await #expect(throws: CompanyError.invalidLogo("is not a PNG image")) { try await store.setLogo(Array("GIF89a".utf8), company: "ACME") }
            await #expect(throws: CompanyError.unknownCompany("NOPE")) { try await store.setLogo(pixel, company: "NOPE") }
            #expect(try await store.logo(company: "ACME") == pixel)
            try await store.setLogo(nil, company: "ACME")
            #expect(try await store.logo(company: "ACME") == nil)
        }
    }

    @Test(arguments: StorageBackend.available)
    func companiesAndAgentsAreCheckedAndPasswordsHashed(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            await #expect(throws: CompanyError.companyExists("ACME")) { try await store.addCompany(code: "ACME", name: "again") }
            await #expect(throws: CompanyError.invalidCompanyCode("a b")) { try await store.addCompany(code: "a b", name: "x") }
            try await store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
            await #expect(throws: CompanyError.agentExists(company: "ACME", username: "mario.rossi")) {
                try await store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
            }
            await #expect(throws: CompanyError.unknownCompany("NOPE")) { try await store.addAgent(company: "NOPE", username: "luigi", password: "una-password-lunga") }
            await #expect(throws: CompanyError.self) { try await store.addAgent(company: "ACME", username: "luigi", password: "corta") }
            let stored = try await store.database.login(company: "ACME", username: "mario.rossi")
            #expect(stored?.passwordHash.hasPrefix("scrypt$") == true)
            #expect(stored?.passwordHash.contains("una-password-lunga") == false)
            #expect(try await store.companies() == [Company(code: "ACME", name: "Acme Forniture S.p.A.")])
            #expect(try await store.agents(company: "ACME") == [CompanyAgent(username: "mario.rossi", subscriptionEnded: false)])
        }
    }

    @Test(arguments: StorageBackend.available)
    func checkAnswersAllowedWrongPasswordAndEndedSubscription(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            try await store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .allowed)
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "sbagliata!!") == .wrongPassword)
            #expect(try await store.authenticate(company: "ACME", username: "nessuno", password: "una-password-lunga") == .wrongPassword)
            try await store.endSubscription(company: "ACME", username: "mario.rossi")
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .subscriptionEnded)
            #expect(try await store.agents(company: "ACME") == [CompanyAgent(username: "mario.rossi", subscriptionEnded: true)])
            await #expect(throws: CompanyError.unknownAgent(company: "ACME", username: "nessuno")) {
                try await store.endSubscription(company: "ACME", username: "nessuno")
            }
        }
    }

    @Test(arguments: StorageBackend.available)
    func aRememberedCheckNeverHidesAWrongPasswordOrAnEndedSubscription(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            try await store.addAgent(company: "ACME", username: "mario.rossi", password: "una-password-lunga")
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .allowed)
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .allowed)
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lungA") == .wrongPassword)
            #expect(try await store.authenticate(company: "ACME", username: "mario.ross", password: "iuna-password-lunga") == .wrongPassword)
            try await store.endSubscription(company: "ACME", username: "mario.rossi")
            #expect(try await store.authenticate(company: "ACME", username: "mario.rossi", password: "una-password-lunga") == .subscriptionEnded)
        }
    }

    @Test(arguments: StorageBackend.available)
    func theFeedsCursorReturnsEachChangeOnceInOrder(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            let ids = try await store.upsert([Self.customer("Caffè Società"), Self.customer("Bar Sport")], company: "ACME")
            #expect(ids.allSatisfy { Int64($0) != nil } && Set(ids).count == 2, "idAzienda is a number (§3.2.2)")
            let first = try await store.changes(company: "ACME", after: 0)
            #expect(first.map(\.remoteID) == ids)
            #expect(first.first?.record == Self.customer("Caffè Società").record)
            let cursor = try #require(first.last?.sequence)
            #expect(try await store.changes(company: "ACME", after: cursor).isEmpty)
            try await store.deleteRecord(kind: .customer, remoteID: ids[1], company: "ACME")
            let next = try await store.changes(company: "ACME", after: cursor)
            #expect(next.count == 1)
            // The tombstone keeps the last state: the thesis's `del` line carries it.
            #expect(next.first?.remoteID == ids[1] && next.first?.isDeleted == true && next.first?.record == Self.customer("Bar Sport").record)
            #expect(try await store.changes(company: "ACME", after: 0, limit: 1).map(\.remoteID) == [ids[0]])
            await #expect(throws: CompanyError.unknownCompany("NOPE")) { try await store.upsert([Self.customer("X")], company: "NOPE") }
        }
    }

    /// The thesis's `lastSync` is the agent's clock: with the agent's clock 5 minutes fast, a
    /// change the company makes 2 minutes after a sync is older than the agent's `lastSync` and
    /// never reaches the agent. The server's change counter does not depend on any clock.
    @Test(arguments: StorageBackend.available)
    func aClockBasedLastSyncLosesAChangeTheCursorKeeps(backend: StorageBackend) async throws {
        let clock = Clock()
        try await Self.withStore(backend, clock: clock) { store, _ in
            try await store.upsert([Self.customer("Bar Sport")], company: "ACME")
            let agentClockAhead: TimeInterval = 300
            let lastSync = clock.now.addingTimeInterval(agentClockAhead)
            let cursor = try #require(try await store.changes(company: "ACME", after: 0).last?.sequence)

            clock.advance(120)
            let ids = try await store.upsert([Self.customer("Caffè Società")], company: "ACME")

            #expect(try await store.changes(company: "ACME", since: lastSync).isEmpty, "the clock-based sync was expected to miss the change")
            #expect(try await store.changes(company: "ACME", after: cursor).map(\.remoteID) == ids)
        }
    }

    @Test(arguments: StorageBackend.available)
    func anImportCodeIsRedeemedOnceAndItsFileDeleted(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            let upload = try await store.importSpreadsheet(Array("Ragione sociale,Città\nCaffè Società,Forlì\n".utf8), kind: .customer, company: "ACME")
            #expect(try await store.importCodes() == [upload.code])
            let redeemed = try await store.redeemImport(code: upload.code, company: "ACME")
            let stored = try await store.masterData(company: "ACME")
            #expect(redeemed.records.map(\.remoteID) == stored.map(\.remoteID))
            #expect(redeemed.kind == .customer)
            await #expect(throws: CompanyError.unknownImportCode(upload.code)) { try await store.redeemImport(code: upload.code, company: "ACME") }
            #expect(try await store.importCodes().isEmpty)
            // The records stay in the company's master data for syncing agents.
            #expect(try await store.changes(company: "ACME", after: 0).count == 1)
            await #expect(throws: MasterDataImportError.noRecords) {
                try await store.importSpreadsheet(Array("Ragione sociale,Città\n".utf8), kind: .customer, company: "ACME")
            }
        }
    }

    static func submission() throws -> OrderSubmission {
        let order = Order(customerID: 1, supplierID: 2, lines: [
            OrderLine(productID: 3, productCode: "SEDIA-01", description: "Sedia in faggio", quantity: 4, unitPrice: try #require(Money("49.90")), discountLevels: [10, 5]),
        ], date: Date(timeIntervalSince1970: 1_800_000_000))
        return OrderSubmission(
            order: order, customer: Customer(companyName: "Caffè Società", email: "acquisti@caffe.it"),
            supplier: Supplier(name: "Mobilificio", email: "ordini@mobilificio.it"), agent: Agent(name: "Mario Rossi", email: "mario@example.it")
        )
    }

    static func mail(for received: ReceivedOrder) -> MailMessage {
        MailMessage(
            to: received.mailRecipients.to, cc: received.mailRecipients.cc, subject: "Ordine n. \(received.number)", body: "In allegato.",
            attachments: [.init(filename: "ordine.pdf", mimeType: "application/pdf", content: Array("%PDF-1.4".utf8))]
        )
    }

    @Test(arguments: StorageBackend.available)
    func aRetriedSendIsStoredOnceAndMailedOnce(backend: StorageBackend) async throws {
        let submission = try Self.submission()
        try await Self.withStore(backend) { store, outbox in
            let first = try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail)
            let retry = try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail)
            #expect(first.isNew && !retry.isNew)
            #expect(first.number == retry.number)
            #expect(retry.submission == submission)
            let queued = try await outbox.pending()
            #expect(queued.map(\.message.subject) == ["Ordine n. \(first.number)"])
            #expect(queued.first?.message.attachments.first?.content == Array("%PDF-1.4".utf8))
            #expect(try await store.receivedOrders(company: "ACME").map(\.submission) == [submission])
            #expect(first.mailRecipients.to == ["ordini@mobilificio.it", "acquisti@caffe.it"])
            #expect(first.mailRecipients.cc == ["mario@example.it"])
            let content = try first.documentContent(companyName: "Acme Forniture")
            // 4 × 49.90 = 199.60, less 10 % then 5 %: 199.60 × 0.9 × 0.95 = 170.658 → 170.66.
            #expect(content.netTotal == Money("170.66"))
            #expect(content.lines.first?.discount.contains("10+5") == true)
        }
    }

    /// Two servers receiving the same retried order at the same moment store it once.
    @Test(arguments: StorageBackend.available)
    func concurrentSendsOfOneOrderStoreItOnce(backend: StorageBackend) async throws {
        let submission = try Self.submission()
        try await Self.withStore(backend) { store, outbox in
            let numbers = try await withThrowingTaskGroup(of: ReceivedOrder.self) { group in
                for _ in 0..<8 { group.addTask { try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail) } }
                return try await group.reduce(into: [ReceivedOrder]()) { $0.append($1) }
            }
            #expect(Set(numbers.map(\.number)).count == 1)
            #expect(numbers.filter(\.isNew).count == 1)
            #expect(try await outbox.pending().count == 1)
        }
    }

    /// A resend consumes no number: the order after it is the next one (on PostgreSQL every
    /// resend used to burn one, so 60 orders and 60 resends were numbered 1…119).
    @Test(arguments: StorageBackend.available)
    func resendsLeaveNoGapsInTheOrderNumbers(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, outbox in
            var numbers: [Int64] = []
            for _ in 0..<5 {
                var submission = try Self.submission()
                submission.order.idempotencyKey = UUID()
                let first = try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail)
                let resend = try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail)
                #expect(resend.number == first.number && !resend.isNew)
                numbers.append(first.number)
            }
            #expect(numbers == [1, 2, 3, 4, 5])
            #expect(try await outbox.pending().count == 5)
        }
    }

    /// Sends of one order racing each other, then a new order: one number each, no gaps.
    @Test(arguments: StorageBackend.available)
    func concurrentResendsLeaveNoGaps(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, _ in
            let submission = try Self.submission()
            let answers = try await withThrowingTaskGroup(of: ReceivedOrder.self) { group in
                for _ in 0..<8 { group.addTask { try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail) } }
                return try await group.reduce(into: [ReceivedOrder]()) { $0.append($1) }
            }
            #expect(answers.map(\.number) == Array(repeating: 1, count: 8))
            var next = try Self.submission()
            next.order.idempotencyKey = UUID()
            #expect(try await store.receive(next, from: "mario.rossi", company: "ACME", mail: Self.mail).number == 2)
        }
    }

    /// Two servers over one SQLite file (two connection pools) receiving one order at once, then
    /// a new one: one stored order, every answer its number, the next order numbered 2.
    @Test func twoServersOnOneSQLiteFileRacingOneKeyLeaveNoGap() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("company-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("company.sqlite").path
        let stores = try [0, 1].map { _ in
            CompanyStore(database: try SQLiteCompanyDatabase(database: try SQLiteFile.open(path: path)), hasher: PasswordHasher(cost: .testing))
        }
        _ = try await stores[0].addCompany(code: "ACME", name: "Acme Forniture S.p.A.")
        let submission = try Self.submission()
        let answers = try await withThrowingTaskGroup(of: ReceivedOrder.self) { group in
            for index in 0..<10 { group.addTask { try await stores[index % 2].receive(submission, from: "mario.rossi", company: "ACME") } }
            return try await group.reduce(into: [ReceivedOrder]()) { $0.append($1) }
        }
        #expect(answers.map(\.number) == Array(repeating: 1, count: 10))
        #expect(answers.filter(\.isNew).count == 1)
        var next = submission
        next.order.idempotencyKey = UUID()
        #expect(try await stores[1].receive(next, from: "mario.rossi", company: "ACME").number == 2)
    }

    /// The same idempotency key with a different order is refused, and the stored order stays as
    /// it was, unmailed again; the same key with the same order is still the duplicate answer.
    @Test(arguments: StorageBackend.available)
    func aKeyReusedForADifferentOrderIsRefused(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, outbox in
            let submission = try Self.submission()
            let first = try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail)
            var changed = submission
            changed.order.lines[0].quantity = 40
            await #expect(throws: CompanyError.idempotencyKeyReused(submission.order.idempotencyKey.uuidString)) {
                try await store.receive(changed, from: "mario.rossi", company: "ACME", mail: Self.mail)
            }
            let repeated = try await store.receive(submission, from: "mario.rossi", company: "ACME", mail: Self.mail)
            #expect(repeated.number == first.number && !repeated.isNew)
            // The agent's own bookkeeping of the sending is not the order: a resend after a lost
            // answer (waiting), or of an order already marked sent, is the duplicate answer.
            var waiting = submission
            waiting.order.state = .waiting(reason: "the company's server gave no answer")
            #expect(try await store.receive(waiting, from: "mario.rossi", company: "ACME", mail: Self.mail).number == first.number)
            var marked = submission
            marked.order.state = .sent(at: Date(timeIntervalSince1970: 1_800_000_100))
            marked.order.companyNumber = first.number
            #expect(try await store.receive(marked, from: "mario.rossi", company: "ACME", mail: Self.mail).number == first.number)
            #expect(try await store.receivedOrders(company: "ACME").map(\.submission) == [submission])
            #expect(try await outbox.pending().count == 1)
        }
    }

    /// An order received before digests were kept has none: a send under its key stays the
    /// duplicate answer it always was, whatever the body.
    @Test func anOrderStoredBeforeDigestsStillAnswersAsADuplicate() async throws {
        let queue = try DatabaseQueue()
        let store = CompanyStore(database: try SQLiteCompanyDatabase(database: queue), hasher: PasswordHasher(cost: .testing))
        _ = try await store.addCompany(code: "ACME", name: "Acme Forniture S.p.A.")
        let submission = try Self.submission()
        let first = try await store.receive(submission, from: "mario.rossi", company: "ACME")
        try await queue.write { db in try db.execute(sql: "UPDATE order_company_order SET submissionDigest = NULL") }
        var changed = submission
        changed.order.lines[0].quantity = 40
        let answer = try await store.receive(changed, from: "mario.rossi", company: "ACME")
        #expect(!answer.isNew && answer.number == first.number && answer.submission == submission)
    }

    struct MailRefused: Error {}

    @Test(arguments: StorageBackend.available)
    func aMailThatCannotBeMadeStoresNothing(backend: StorageBackend) async throws {
        try await Self.withStore(backend) { store, outbox in
            let submission = OrderSubmission(
                order: Order(lines: [], date: Date()), customer: Customer(companyName: "Bar Sport"), supplier: Supplier(name: "F", email: "f@example.it"),
                agent: Agent(name: "A")
            )
            await #expect(throws: MailRefused.self) { try await store.receive(submission, from: "a", company: "ACME") { _ in throw MailRefused() } }
            let stored = try await store.receivedOrders(company: "ACME")
            let queued = try await outbox.pending()
            #expect(stored.isEmpty)
            #expect(queued.isEmpty)
            await #expect(throws: CompanyError.unknownCompany("NOPE")) { try await store.receive(submission, from: "a", company: "NOPE") }
        }
    }
}

/// CI must not pass by testing SQLite alone.
struct CompanyStoreBackendTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CI"] == "true"))
    func continuousIntegrationTestsPostgreSQLToo() {
        #expect(StorageBackend.available.contains(.postgres), "CI runs the store tests on PostgreSQL: \(StorageBackend.postgresVariable) is not set")
    }
}
