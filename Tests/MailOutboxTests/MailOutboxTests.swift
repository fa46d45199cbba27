import Foundation
import GRDB
import Mail
import MailOutbox
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

    @Test func anOutageLosesNoMailAndRetriesOnTheSchedule() async throws {
        let clock = Clock()
        let outbox = try MailOutbox(database: DatabaseQueue(), now: { clock.now })
        let server = Server()
        let id = try outbox.enqueue(Self.order)

        let first = try await outbox.deliverDue { try server.send($0) }
        #expect(first.failed[id]?.contains("connection refused") == true)
        #expect(try outbox.entry(id: id)?.attempts == 1)
        // Not due again before the first retry delay.
        clock.advance(30)
        #expect(try await outbox.deliverDue { try server.send($0) }.failed.isEmpty)
        clock.advance(31)
        #expect(try await outbox.deliverDue { try server.send($0) }.failed[id] != nil)
        #expect(try outbox.entry(id: id)?.attempts == 2)

        server.switchOn()
        clock.advance(120)
        let delivered = try await outbox.deliverDue { try server.send($0) }
        #expect(delivered.sent == [id])
        #expect(server.accepted == [Self.order])
        #expect(try outbox.pending().isEmpty)
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
        let id = try MailOutbox(database: DatabaseQueue(path: path)).enqueue(Self.order)
        // A new process: the message, its copies and its PDF are all still there.
        let reopened = try MailOutbox(database: DatabaseQueue(path: path))
        #expect(try reopened.entry(id: id)?.message == Self.order)
    }

    @Test func onlyACommittedTransactionQueuesItsMail() throws {
        let database = try DatabaseQueue()
        let outbox = try MailOutbox(database: database)
        struct OrderRejected: Error {}
        #expect(throws: OrderRejected.self) {
            try database.write { db in
                try outbox.enqueue(Self.order, in: db)
                throw OrderRejected()
            }
        }
        #expect(try outbox.pending().isEmpty)
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
        let id = try outbox.enqueue(MailOutboxTests.order)
        // Bounded by attempts, not by a wall-clock assertion: the courier gets many rounds.
        for _ in 0..<500 where try outbox.entry(id: id)?.isSent != true {
            try await Task.sleep(for: .milliseconds(20))
        }
        courier.cancel()
        await courier.value
        #expect(try outbox.entry(id: id)?.isSent == true)
        #expect(server.accepted.count == 1)
    }
}
