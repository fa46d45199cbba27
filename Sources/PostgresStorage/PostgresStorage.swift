import Foundation
import Logging
import OrderKit
import MailOutbox
import PostgresNIO
import ServiceLifecycle

/// The company server's shared database: one connection pool for the company's store and the
/// outbox, migrated once. The pool runs as a service beside the HTTP server (`run()`), and must
/// be running before the stores are used.
public final class PostgresStorage: Service {
    public let client: PostgresClient
    let logger: Logger
    /// Checked with one connection before the pool is trusted (nil: not checked).
    let target: PostgresTarget?

    public init(configuration: PostgresClient.Configuration, logger: Logger = PostgresStorage.defaultLogger) {
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.target = nil
    }

    /// From a `DATABASE_URL`.
    public init(url: String, logger: Logger = PostgresStorage.defaultLogger) throws {
        let target = try PostgresDatabaseURL.target(url)
        self.client = PostgresClient(configuration: try PostgresDatabaseURL.configuration(url), backgroundLogger: logger)
        self.logger = logger
        self.target = target
    }

    /// The pool retries a server it cannot reach and logs each try at info; what matters reaches
    /// the caller as an error.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "bottega.postgres")
        logger.logLevel = .warning
        return logger
    }

    /// The server cannot be used: not reachable, wrong password, no such database.
    public struct Unavailable: Error, LocalizedError {
        public var place: String
        public var reason: String

        public var errorDescription: String? {
            "cannot use the PostgreSQL database at \(place): \(reason). Check DATABASE_URL (postgres://user:password@host:5432/database) and that the server is running."
        }
    }

    /// One connection, at once: the pool would retry an unreachable server for a minute before
    /// failing, and with a vaguer error.
    func checkReachable() async throws {
        guard let target else { return }
        let configuration = PostgresConnection.Configuration(
            host: target.host, port: target.port, username: target.username, password: target.password, database: target.database,
            tls: try target.connectionTLS()
        )
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try await connection.close()
        } catch let error as PSQLError {
            throw Unavailable(place: target.place, reason: error.serverInfo?[.message] ?? error.underlying.map { String(describing: $0) } ?? "\(error.code)")
        }
    }

    public func run() async throws {
        await client.run()
    }

    /// Creates the tables this version needs; safe to call from several processes at once.
    public func migrate() async throws {
        try await PostgresSchema.migrate(client, logger: logger)
    }

    public var companyDatabase: PostgresCompanyDatabase { PostgresCompanyDatabase(client: client, logger: logger) }
    public var outboxDatabase: PostgresOutboxDatabase { PostgresOutboxDatabase(client: client, logger: logger) }

    /// Runs `body` with the pool running and the tables migrated, then stops the pool — for
    /// commands that are not a long-running server.
    public func whileRunning<Result: Sendable>(_ body: @Sendable (PostgresStorage) async throws -> Result) async throws -> Result {
        try await whileRunningUnmigrated { storage in
            try await storage.migrate()
            return try await body(storage)
        }
    }

    /// The same without creating tables (an administrator's connection).
    public func whileRunningUnmigrated<Result: Sendable>(_ body: @Sendable (PostgresStorage) async throws -> Result) async throws -> Result {
        try await checkReachable()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            defer { group.cancelAll() }
            return try await body(self)
        }
    }
}
