import ArgumentParser
import Foundation
import MailOutbox
import OrderCompany
import OrderKit
import PostgresStorage

/// Where the company server's data lives: the SQLite file by default, or a PostgreSQL database
/// shared by several `bottega serve` processes when a URL is given.
struct CompanyDatabaseOptions: ParsableArguments {
    @Option(help: "The company server's PostgreSQL database, postgres://user:password@host:5432/name (default: $DATABASE_URL; without one, the SQLite file).")
    var databaseURL: String?

    var url: String? {
        (databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Where the data is, for messages (never the password).
    var location: String? {
        url.flatMap { URLComponents(string: $0) }.map { "PostgreSQL \($0.host ?? "")\($0.port.map { ":\($0)" } ?? "")\($0.path)" }
    }

    /// Runs `body` with the company's store and outbox: in PostgreSQL (pool running, tables
    /// migrated) when configured, else in the SQLite file.
    func withCompany<Result: Sendable>(
        sqlitePath: String, _ body: @Sendable (CompanyStore, MailOutbox) async throws -> Result
    ) async throws -> Result {
        try await withCompany(sqlite: { try SQLiteCompanyDatabase.open(path: sqlitePath) }, sqliteName: sqlitePath, body)
    }

    /// The same, with the SQLite database made by `sqlite` (a server shares its open pool).
    func withCompany<Result: Sendable>(
        sqlite: () throws -> SQLiteCompanyDatabase, sqliteName: String, _ body: @Sendable (CompanyStore, MailOutbox) async throws -> Result
    ) async throws -> Result {
        guard let url else {
            let database: SQLiteCompanyDatabase
            do {
                database = try sqlite()
            } catch {
                throw CommandFailure("cannot open the company tables in \(sqliteName): \(error.localizedDescription)")
            }
            return try await body(CompanyStore(database: database), MailOutbox(database: try SQLiteOutboxDatabase(database: database.database)))
        }
        let storage: PostgresStorage
        do { storage = try PostgresStorage(url: url) } catch { throw ValidationError(error.localizedDescription) }
        return try await storage.whileRunning { storage in
            try await body(CompanyStore(database: storage.companyDatabase), MailOutbox(database: storage.outboxDatabase))
        }
    }
}
