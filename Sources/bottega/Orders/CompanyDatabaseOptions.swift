import ArgumentParser
import Foundation
import MailOutbox
import OrderCompany
import OrderKit
import PostgresStorage
import WebCore
import Storage

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
        try await withPostgresCompany { postgres in
            if let postgres { return try await body(postgres.store, postgres.outbox) }
            let database: SQLiteCompanyDatabase
            do {
                database = try SQLiteCompanyDatabase(database: try SQLiteFile.open(path: sqlitePath))
            } catch {
                throw CommandFailure("cannot open the company tables in \(sqlitePath): \(error.localizedDescription)")
            }
            return try await body(CompanyStore(database: database), MailOutbox(database: try SQLiteOutboxDatabase(database: database.database)))
        }
    }

    /// Runs `body` with the company's store and outbox, and the web's shared state (admin
    /// sessions, login counts, previewed uploads), in PostgreSQL when a URL is configured, else
    /// with nil: their tables are then in the SQLite file with everything else.
    func withPostgresCompany<Result: Sendable>(
        _ body: @Sendable ((store: CompanyStore, outbox: MailOutbox, shared: SharedStores)?) async throws -> Result
    ) async throws -> Result {
        guard let url else { return try await body(nil) }
        let storage: PostgresStorage
        do { storage = try PostgresStorage(url: url) } catch { throw ValidationError(error.localizedDescription) }
        return try await storage.whileRunning { storage in
            try await body((CompanyStore(database: storage.companyDatabase), MailOutbox(database: storage.outboxDatabase), SharedStores(storage.sharedState)))
        }
    }
}
