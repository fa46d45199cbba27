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

    public init(configuration: PostgresClient.Configuration, logger: Logger = Logger(label: "bottega.postgres")) {
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// From a `DATABASE_URL`.
    public convenience init(url: String, logger: Logger = Logger(label: "bottega.postgres")) throws {
        self.init(configuration: try PostgresDatabaseURL.configuration(url), logger: logger)
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
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            defer { group.cancelAll() }
            return try await body(self)
        }
    }
}
