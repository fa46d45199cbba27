import Foundation
import GRDB
import Logging
import MailOutbox
import OrderCompany
import OrderKit
import PostgresNIO
import PostgresStorage

/// The databases the company server's store tests run against: SQLite always, PostgreSQL when
/// `BOTTEGA_TEST_POSTGRES_URL` names a server (`.ci/run` starts one on 127.0.0.1). Each test
/// gets a fresh, empty database: an in-memory SQLite, or a PostgreSQL schema of its own that is
/// dropped afterwards.
public enum StorageBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    /// The variable that points the tests at a PostgreSQL server.
    public static let postgresVariable = "BOTTEGA_TEST_POSTGRES_URL"

    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment[postgresVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What this run can test.
    public static var available: [StorageBackend] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// Runs `body` with an empty company database and outbox of this kind, sharing one database
    /// (as a server does, so an order and its e-mail are one transaction).
    public func withDatabases<Result: Sendable>(
        _ body: @Sendable (any CompanyDatabase, any OutboxDatabase) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite:
            let queue = try DatabaseQueue()
            return try await body(try SQLiteCompanyDatabase(database: queue), try SQLiteOutboxDatabase(database: queue))
        case .postgres:
            guard let url = Self.postgresURL else { throw MissingPostgres() }
            return try await Self.withSchema(url: url) { storage in
                try await body(storage.companyDatabase, storage.outboxDatabase)
            }
        }
    }

    /// A storage whose tables live in a new schema, dropped when `body` ends.
    public static func withSchema<Result: Sendable>(url: String, _ body: @Sendable (PostgresStorage) async throws -> Result) async throws -> Result {
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        // The pool reports, at info, connections it was opening when a test's schema is dropped.
        let logger = PostgresStorage.defaultLogger
        let admin = try PostgresStorage(url: url, logger: logger)
        let storage = try PostgresStorage(url: url, schema: schema, logger: logger)
        return try await admin.whileRunningUnmigrated { admin in
            try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger)
            do {
                let result = try await storage.whileRunning(body)
                try await admin.client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger)
                return result
            } catch {
                _ = try? await admin.client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger)
                throw error
            }
        }
    }

    public struct MissingPostgres: Error, CustomStringConvertible {
        public init() {}

        public var description: String { "set \(StorageBackend.postgresVariable) to postgres://user:password@127.0.0.1:PORT/db to test PostgreSQL" }
    }
}

extension StorageBackend {
    /// A new, empty PostgreSQL database on the test server, dropped when `body` ends — for
    /// programs (the CLI, `bottega serve`) that take a whole `DATABASE_URL`. `body` gets its URL.
    public static func withNewPostgresDatabase<Result: Sendable>(_ body: @Sendable (String) async throws -> Result) async throws -> Result {
        guard let url = postgresURL, var components = URLComponents(string: url) else { throw MissingPostgres() }
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        components.path = "/" + name
        let newURL = components.string ?? url
        let logger = PostgresStorage.defaultLogger
        let admin = try PostgresStorage(url: url, logger: logger)
        return try await admin.whileRunningUnmigrated { admin in
            try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            let result: Result
            do {
                result = try await body(newURL)
            } catch {
                _ = try? await admin.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
                throw error
            }
            try await admin.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
            return result
        }
    }
}
