import Foundation
import GRDB
import Storage
import Testing

@Suite struct SQLiteFileTests {
    private func withScratchFile(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.appendingPathComponent("bottega.sqlite").path)
    }

    @Test func theFileIsOpenedInWALModeWithForeignKeysEnforced() throws {
        try withScratchFile { path in
            let pool = try SQLiteFile.open(path: path)
            let (journal, foreignKeys) = try pool.read { db in
                (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
            }
            #expect(journal == "wal")
            #expect(foreignKeys == 1)
            try pool.write { db in
                try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent INTEGER REFERENCES parent(id))")
            }
            #expect(throws: DatabaseError.self) {
                try pool.write { db in try db.execute(sql: "INSERT INTO child (parent) VALUES (42)") }
            }
        }
    }

    @Test func aSecondWriterWaitsForTheFirstInsteadOfFailing() throws {
        try withScratchFile { path in
            let first = try SQLiteFile.open(path: path)
            let second = try SQLiteFile.open(path: path)
            try first.write { db in try db.execute(sql: "CREATE TABLE counter (value INTEGER)") }
            let holding = DispatchSemaphore(value: 0)
            let holder = Thread {
                try? first.write { db in
                    try db.execute(sql: "INSERT INTO counter VALUES (1)")
                    holding.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                }
            }
            holder.start()
            holding.wait()
            // Without the busy timeout this write fails at once with "database is locked".
            try second.write { db in try db.execute(sql: "INSERT INTO counter VALUES (2)") }
            #expect(try second.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM counter") } == 2)
        }
    }

    /// Issue 23: the file was created 0644 while it holds password hashes and the company link.
    @Test func theFileAndItsCompanionsAreTheOwnersOnly() throws {
        try withScratchFile { path in
            let pool = try SQLiteFile.open(path: path)
            try pool.write { db in try db.execute(sql: "CREATE TABLE secret (value TEXT); INSERT INTO secret VALUES ('x')") }
            for file in [path, path + "-wal", path + "-shm"] {
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)
                #expect(mode.int16Value & 0o777 == 0o600, "\(file) is \(String(mode.int16Value, radix: 8))")
            }
        }
    }

    @Test func anOlderWiderFileIsNarrowedWhenOpened() throws {
        try withScratchFile { path in
            FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644])
            _ = try SQLiteFile.open(path: path)
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
            #expect(mode.int16Value & 0o777 == 0o600)
        }
    }

    @Test func aMigrationRecordedUnderItsFormerNameDoesNotRunAgain() throws {
        let database = try DatabaseQueue()
        var before = DatabaseMigrator()
        before.registerMigration("shop_sessions_v1") { db in try db.execute(sql: "CREATE TABLE shop_sessions (token TEXT)") }
        try before.migrate(database)

        var after = DatabaseMigrator()
        // Run again under its new name, this would fail: the table exists.
        after.registerMigration("shop-v1-sessions") { db in try db.execute(sql: "CREATE TABLE shop_sessions (token TEXT)") }
        after.registerMigration("shop-v2-expiry") { db in try db.execute(sql: "ALTER TABLE shop_sessions ADD COLUMN expires REAL") }
        try after.migrate(database, formerNames: ["shop_sessions_v1": "shop-v1-sessions"])

        let applied = try database.read { db in try after.appliedMigrations(db) }
        #expect(applied == ["shop-v1-sessions", "shop-v2-expiry"])
        #expect(try database.read { db in try db.columns(in: "shop_sessions").map(\.name) } == ["token", "expires"])
    }

    @Test func formerNamesOnANewDatabaseChangeNothing() throws {
        let database = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("ticket-v2-sales") { db in try db.execute(sql: "CREATE TABLE ticket_purchase (id INTEGER)") }
        try migrator.migrate(database, formerNames: ["ticket-v1-sales": "ticket-v2-sales"])
        #expect(try database.read { db in try migrator.appliedMigrations(db) } == ["ticket-v2-sales"])
    }
}
