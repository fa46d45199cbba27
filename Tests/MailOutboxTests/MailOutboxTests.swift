import Foundation
import GRDB
import Mail
import MailOutbox
import StoreTestSupport
import Testing

/// The outbox keeps every message until a send succeeds, retries on its schedule, and queues
/// only what its transaction commits.
struct MailOutboxTests {
    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { instant } }
        func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }
    }

    /// A mail server that is down until switched on, and records what it accepted.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var up = false
        private(set) var accepted: [MailMessage] = []
        func switchOn() { lock.withLock { up = true } }
        func send(_ message: MailMessage) throws {
            try lock.withLock {
                guard up else { throw MailError.connectionFailed(host: "127.0.0.1", port: 25, reason: "connection refused (the test's server is down)") }
                accepted.append(message)
            }
        }
    }

    static let order = MailMessage(
        to: ["cliente@example.org", "fornitore@example.net"], cc: ["agente@example.com"], subject: "Ordine 12 — Caffè Società",
        body: "In allegato l'ordine.", attachments: [.init(filename: "ordine-12.pdf", mimeType: "application/pdf", content: Array("%PDF-1.4 …".utf8))],
        date: Date(timeIntervalSince1970: 1_800_000_000)
    )

    @Test(arguments: StorageBackend.available)
    func anOutageLosesNoMailAndRetriesOnTheSchedule(backend: StorageBackend) async throws {
        let clock = Clock()
        try await backend.withDatabases { _, database in
            try await Self.outageLosesNoMail(MailOutbox(database: database, now: { clock.now }), clock: clock)
        }
    }

    static func outageLosesNoMail(_ outbox: MailOutbox, clock: Clock) async throws {
        let server = Server()
        let id = try await outbox.enqueue(Self.order)

        let first = try await outbox.deliverDue { try server.send($0) }
        #expect(first.failed[id]?.contains("connection refused") == true)
        #expect(try await outbox.entry(id: id)?.attempts == 1)
        // Not due again before the first retry delay.
        clock.advance(30)
        #expect(try await outbox.deliverDue { try server.send($0) }.failed.isEmpty)
        clock.advance(31)
        #expect(try await outbox.deliverDue { try server.send($0) }.failed[id] != nil)
        #expect(try await outbox.entry(id: id)?.attempts == 2)

        server.switchOn()
        clock.advance(120)
        let delivered = try await outbox.deliverDue { try server.send($0) }
        #expect(delivered.sent == [id])
        #expect(server.accepted == [Self.order])
        #expect(try await outbox.pending().isEmpty)
        // Sent once: a later round sends nothing again.
        clock.advance(10_000)
        #expect(try await outbox.deliverDue { try server.send($0) }.sent.isEmpty)
        #expect(server.accepted.count == 1)
    }

    @Test func aMessageSurvivesReopeningTheDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bottega.sqlite").path
        let id = try await MailOutbox(database: DatabaseQueue(path: path)).enqueue(Self.order)
        // A new process: the message, its copies and its PDF are all still there.
        let reopened = try MailOutbox(database: DatabaseQueue(path: path))
        #expect(try await reopened.entry(id: id)?.message == Self.order)
    }

    @Test func onlyACommittedTransactionQueuesItsMail() async throws {
        let database = try DatabaseQueue()
        let outbox = try MailOutbox(database: database)
        struct OrderRejected: Error {}
        #expect(throws: OrderRejected.self) {
            try database.write { db in
                try SQLiteOutboxDatabase.enqueue(Self.order, at: Date(), in: db)
                throw OrderRejected()
            }
        }
        #expect(try await outbox.pending().isEmpty)
    }

    /// Several servers' couriers on one database: each message goes out exactly once.
    @Test(arguments: StorageBackend.available)
    func concurrentCouriersSendEachMessageOnce(backend: StorageBackend) async throws {
        try await backend.withDatabases { _, database in
            let outbox = MailOutbox(database: database)
            let server = Server()
            server.switchOn()
            var ids: [Int64] = []
            for number in 1...20 {
                var message = Self.order
                message.subject = "Ordine \(number)"
                ids.append(try await outbox.enqueue(message))
            }
            let reports = try await withThrowingTaskGroup(of: DeliveryReport.self) { group in
                for _ in 0..<4 { group.addTask { try await outbox.deliverDue { try server.send($0) } } }
                return try await group.reduce(into: [DeliveryReport]()) { $0.append($1) }
            }
            #expect(reports.flatMap(\.sent).sorted() == ids)
            #expect(server.accepted.map(\.subject).sorted() == (1...20).map { "Ordine \($0)" }.sorted())
            #expect(try await outbox.pending().isEmpty)
        }
    }

    @Test func theRetryDelayDoublesUpToAnHour() {
        let schedule = RetrySchedule()
        #expect([1, 2, 3, 7, 100].map(schedule.delay(afterAttempts:)) == [60, 120, 240, 3_600, 3_600])
    }
}

/// The courier keeps delivering on its own until it is cancelled.
struct MailOutboxCourierTests {
    @Test func theCourierDeliversWhatIsQueuedWhileItRunsAndStopsWhenCancelled() async throws {
        let outbox = try MailOutbox(database: DatabaseQueue())
        let server = MailOutboxTests.Server()
        server.switchOn()
        let courier = Task { await outbox.deliverContinuously(every: .milliseconds(20), using: { try server.send($0) }) }
        let id = try await outbox.enqueue(MailOutboxTests.order)
        // Bounded by attempts, not by a wall-clock assertion: the courier gets many rounds.
        for _ in 0..<500 where try await outbox.entry(id: id)?.isSent != true {
            try await Task.sleep(for: .milliseconds(20))
        }
        courier.cancel()
        await courier.value
        #expect(try await outbox.entry(id: id)?.isSent == true)
        #expect(server.accepted.count == 1)
    }
}
