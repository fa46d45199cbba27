@testable import OrdersWeb
@testable import WebCore
import Credentials
import Foundation
import GRDB
import OrderKit
import PostgresNIO
import PostgresStorage
import Storage
import StoreTestSupport
import Testing

/// Where two servers behind a balancer keep what they must share (issue 40, part 6): every test
/// opens TWO stores over ONE database — two SQLite connections pools on one file, or two
/// PostgreSQL pools on one schema — and shows that what one did, the other sees.
enum SharedDatabase: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqliteFile
    case postgres

    var description: String { rawValue }

    static var available: [SharedDatabase] { StorageBackend.postgresURL == nil ? [.sqliteFile] : [.sqliteFile, .postgres] }

    /// Runs `body` with two stores over one new database, each with its own connections.
    func withTwoStores(_ body: @Sendable (SharedStores, SharedStores) async throws -> Void) async throws {
        switch self {
        case .sqliteFile:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("bottega.sqlite").path
            let first = try SQLiteSharedState(database: try SQLiteFile.open(path: path))
            let second = try SQLiteSharedState(database: try SQLiteFile.open(path: path))
            try await body(SharedStores(first), SharedStores(second))
        case .postgres:
            guard let url = StorageBackend.postgresURL else { throw StorageBackend.MissingPostgres() }
            let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let logger = PostgresStorage.defaultLogger
            try await PostgresStorage(url: url, logger: logger).whileRunningUnmigrated { admin in
                try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger)
                let outcome: Result<Void, any Error>
                do {
                    let first = try PostgresStorage(url: url, schema: schema, logger: logger)
                    let second = try PostgresStorage(url: url, schema: schema, logger: logger)
                    try await first.whileRunning { first in
                        try await second.whileRunning { second in
                            try await body(SharedStores(first.sharedState), SharedStores(second.sharedState))
                        }
                    }
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                _ = try? await admin.client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger)
                try outcome.get()
            }
        }
    }
}

struct SharedStateTests {
    /// The back-office cookie made on server A opens the back office on B; logging out on B ends
    /// it on A. The database holds the token's digest, never the token.
    @Test(arguments: SharedDatabase.available)
    func anAdminSessionStartedOnOneServerIsLiveOnTheOther(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            let onA = first.sessions(ofArea: "bottega_orders_admin", policy: LoginThrottlePolicy())
            let onB = second.sessions(ofArea: "bottega_orders_admin", policy: LoginThrottlePolicy())
            let token = try await onA.start()
            #expect(try await onB.isLive(token))
            #expect(try await second.adminSessions.sessionExpiry(digest: SessionToken.digest(token), area: "bottega_orders_admin") != nil)
            #expect(try await second.adminSessions.sessionExpiry(digest: token, area: "bottega_orders_admin") == nil, "the token itself is stored")
            // Another area's cookie with the same value opens nothing.
            #expect(try await !second.sessions(ofArea: "bottega_tickets_admin", policy: LoginThrottlePolicy()).isLive(token))
            try await onB.end(token)
            #expect(try await !onA.isLive(token))
        }
    }

    /// A session still ends after its 8 hours, whichever server asks.
    @Test(arguments: SharedDatabase.available)
    func aSharedSessionEndsByItself(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            let clock = ManualClock()
            let onA = AdminSessions(area: "a", store: first.adminSessions, now: clock.now)
            let onB = AdminSessions(area: "a", store: second.adminSessions, now: clock.now)
            let token = try await onA.start()
            clock.advance(by: AdminSessions.lifetime - 1)
            #expect(try await onB.isLive(token))
            clock.advance(by: 2)
            #expect(try await !onB.isLive(token))
        }
    }

    /// Wrong passwords tried on both servers are counted together: three on A and three on B are
    /// six, one more than the free five, and both servers answer 429; the right password on B
    /// makes the address known on A.
    @Test(arguments: SharedDatabase.available)
    func aThrottleCountsAttemptsOnBothServers(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            let clock = ManualClock()
            let onA = LoginThrottle(store: first.loginThrottles, now: clock.now)
            let onB = LoginThrottle(store: second.loginThrottles, now: clock.now)
            let guess = LoginAttempt(scope: "agent", account: "ACME/mario.rossi", source: "192.0.2.7")
            for _ in 1...3 { try await onA.failed(guess) }
            for _ in 1...2 { try await onB.failed(guess) }
            await #expect(throws: Never.self) { try await onA.check(guess) }
            try await onB.failed(guess)
            await #expect(throws: TooManyAttempts(wait: 1)) { try await onA.check(guess) }
            await #expect(throws: TooManyAttempts(wait: 1)) { try await onB.check(guess) }
            clock.advance(by: 1)
            let home = LoginAttempt(scope: "agent", account: "ACME/mario.rossi", source: "198.51.100.1")
            #expect(try await !onA.isKnown(home))
            try await onB.succeeded(home)
            #expect(try await onA.isKnown(home))
        }
    }

    /// The policy is the one the in-memory throttle keeps (``LoginThrottleTests``), with the
    /// attempts alternating between the two servers: waits of 1, 2, 4 … at most 300 s, forgotten
    /// after 15 quiet minutes, cleared by the right password.
    @Test(arguments: SharedDatabase.available)
    func theWaitDoublesAndEndsAsInMemoryWhicheverServerCounts(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            let clock = ManualClock()
            let servers = [LoginThrottle(store: first.loginThrottles, now: clock.now), LoginThrottle(store: second.loginThrottles, now: clock.now)]
            let ada = LoginAttempt(scope: "wallet", account: "ada", source: "10.0.0.1")
            for index in 1...5 { try await servers[index % 2].failed(ada) }
            await #expect(throws: Never.self) { try await servers[0].check(ada) }
            try await servers[1].failed(ada)
            await #expect(throws: TooManyAttempts(wait: 1)) { try await servers[0].check(ada) }
            clock.advance(by: 1.5)
            try await servers[0].failed(ada)
            await #expect(throws: TooManyAttempts(wait: 2)) { try await servers[1].check(ada) }
            for index in 1...40 { try await servers[index % 2].failed(ada) }
            await #expect(throws: TooManyAttempts(wait: 300)) { try await servers[0].check(ada) }
            clock.advance(by: 16 * 60)
            await #expect(throws: Never.self) { try await servers[1].check(ada) }
            try await servers[0].failed(ada)
            await #expect(throws: Never.self) { try await servers[1].check(ada) }
            for index in 1...5 { try await servers[index % 2].failed(ada) }
            try await servers[1].succeeded(ada)
            try await servers[0].failed(ada)
            await #expect(throws: Never.self) { try await servers[0].check(ada) }
        }
    }

    /// Attempts made at once on two servers are each counted: none is lost to a race.
    @Test(arguments: SharedDatabase.available)
    func concurrentFailuresOnTwoServersAreAllCounted(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            var policy = LoginThrottlePolicy()
            policy.freeAttempts = 100
            let throttles = [LoginThrottle(policy: policy, store: first.loginThrottles), LoginThrottle(policy: policy, store: second.loginThrottles)]
            let guess = LoginAttempt(scope: "wallet", account: "ada", source: "10.0.0.1")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 { group.addTask { try await throttles[index % 2].failed(guess) } }
                try await group.waitForAll()
            }
            let counts = try await first.loginThrottles.throttleState(counts: [guess.pairKey, guess.accountKey, guess.sourceKey], known: guess.pairKey).counts
            #expect(counts.values.map(\.failures) == [40, 40, 40])
        }
    }

    /// A sheet previewed on A is applied on B, once; a preview expires after 15 minutes and at
    /// most 20 are kept, the oldest going first, whichever server kept them.
    @Test(arguments: SharedDatabase.available)
    func anUploadPreviewedOnOneServerIsAppliedOnTheOther(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            let onA = PendingUploads(store: first.uploadPreviews)
            let onB = PendingUploads(store: second.uploadPreviews)
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let sheet = PendingUploads.Upload(
                company: "ACME", kind: .product, isWholeList: true, supplier: "Mobilificio", bytes: Array("Codice;Prezzo\nA1;1,00\n".utf8), storedAt: start)
            let token = try await onA.keep(sheet)
            #expect(try await onB.take(token, company: "OTHER", now: start) == nil, "another company's preview")
            let taken = try #require(try await onB.take(token, company: "ACME", now: start.addingTimeInterval(60)))
            #expect(taken.bytes == sheet.bytes && taken.kind == .product && taken.isWholeList && taken.supplier == "Mobilificio")
            #expect(try await onA.take(token, company: "ACME", now: start.addingTimeInterval(60)) == nil, "applied twice")

            let late = try await onA.keep(sheet)
            #expect(try await onB.take(late, company: "ACME", now: start.addingTimeInterval(PendingUploads.lifetime + 1)) == nil, "expired")

            var tokens: [String] = []
            for index in 0...PendingUploads.capacity {
                let upload = PendingUploads.Upload(
                    company: "ACME", kind: .customer, isWholeList: false, supplier: nil, bytes: [UInt8(index)], storedAt: start.addingTimeInterval(Double(index)))
                tokens.append(try await (index % 2 == 0 ? onA : onB).keep(upload))
            }
            let now = start.addingTimeInterval(Double(PendingUploads.capacity) + 1)
            #expect(try await onB.take(tokens[0], company: "ACME", now: now) == nil, "the oldest went first")
            #expect(try await onA.take(tokens[1], company: "ACME", now: now)?.bytes == [1])
            #expect(try await onB.take(tokens[PendingUploads.capacity], company: "ACME", now: now)?.bytes == [UInt8(PendingUploads.capacity)])
        }
    }

    /// A sync runs as a task on the server that started it; its status is in the database, so
    /// the other server answers the job's screen, and a cancel sent there is recorded for the
    /// running server to act on. Another account sees nothing.
    @Test(arguments: SharedDatabase.available)
    func aJobsStatusIsAnsweredByTheOtherServer(database: SharedDatabase) async throws {
        try await database.withTwoStores { first, second in
            let id = UUID()
            let running = SyncJobs.Status(state: .running, subscription: 3, applied: 250, total: 1_000)
            let now = Date()
            try await first.jobs.saveJob(
                id: id.uuidString, owner: 7, status: try JSONEncoder().encode(running), finished: false, at: now, forgetFinishedBefore: now - 600)
            let onB = SyncJobs(store: second.jobs)
            #expect(await onB.status(id, owner: 7) == running)
            #expect(await onB.status(id, owner: 8) == nil)
            #expect(await onB.cancel(id, owner: 8) == false)
            #expect(await onB.cancel(id, owner: 7))
            #expect(try await first.jobs.job(id: id.uuidString, owner: 7)?.cancelRequested == true)
            let cancelled = SyncJobs.Status(state: .cancelled, subscription: 3, applied: 0, total: 0, message: "cancelled")
            try await first.jobs.saveJob(
                id: id.uuidString, owner: 7, status: try JSONEncoder().encode(cancelled), finished: true, at: now, forgetFinishedBefore: now - 600)
            #expect(await onB.wait(id, owner: 7) == cancelled)
            #expect(await onB.cancel(id, owner: 7) == false, "a finished job cannot be cancelled")
        }
    }
}
