import Foundation
import Logging
import MailOutbox
import OrderCompany
import OrderKit
import PostgresNIO

/// The company server's shared database: one connection pool for the company's store and the
/// outbox. Before the pool is trusted, one connection checks that the server can be used and
/// migrates the tables; the pool then runs beside the HTTP server (`whileRunning`).
public final class PostgresStorage: Sendable {
    public let client: PostgresClient
    let target: PostgresTarget
    /// Run-time parameters sent when connecting (a test's `search_path`).
    let startupParameters: [(String, String)]
    let logger: Logger

    /// From a `DATABASE_URL`; `schema`, when given, is where the tables live (tests use one each).
    public init(url: String, schema: String? = nil, logger: Logger = PostgresStorage.defaultLogger) throws {
        target = try PostgresDatabaseURL.target(url)
        startupParameters = schema.map { [("search_path", $0)] } ?? []
        var configuration = try PostgresDatabaseURL.configuration(url)
        configuration.options.additionalStartupParameters = startupParameters
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// The pool retries a server it cannot reach and logs each try at info; what matters reaches
    /// the caller as an error.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "bottega.postgres")
        logger.logLevel = .warning
        return logger
    }

    public var companyDatabase: PostgresCompanyDatabase { PostgresCompanyDatabase(client: client, logger: logger) }
    public var outboxDatabase: PostgresOutboxDatabase { PostgresOutboxDatabase(client: client, logger: logger) }

    /// Runs `body` with the tables migrated and the pool running, then stops the pool.
    public func whileRunning<Result: Sendable>(_ body: @Sendable (PostgresStorage) async throws -> Result) async throws -> Result {
        try await withFirstConnection { connection in try await PostgresSchema.migrate(connection, logger: self.logger) }
        return try await runningPool(body)
    }

    /// The same without creating tables (an administrator's connection).
    public func whileRunningUnmigrated<Result: Sendable>(_ body: @Sendable (PostgresStorage) async throws -> Result) async throws -> Result {
        try await withFirstConnection { _ in }
        return try await runningPool(body)
    }

    private func runningPool<Result: Sendable>(_ body: @Sendable (PostgresStorage) async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The pool warns when asked for a connection before `run()` has begun, and offers no
            // way to wait for it: wait for its task to start, then a moment for it to get there.
            let (started, starting) = AsyncStream<Void>.makeStream()
            group.addTask {
                starting.finish()
                await self.client.run()
            }
            for await _ in started {}
            defer { group.cancelAll() }
            try await Task.sleep(for: .milliseconds(5))
            return try await body(self)
        }
    }

    /// The server cannot be used: not reachable, wrong password, no such database.
    public struct Unavailable: Error, LocalizedError {
        public var place: String
        public var reason: String

        public var errorDescription: String? {
            "cannot use the PostgreSQL database at \(place): \(reason). Check DATABASE_URL (postgres://user:password@host:5432/database) and that the server is running."
        }
    }

    /// One connection, at once: the pool would retry a server it cannot reach for a minute
    /// before failing, with a vaguer error.
    private func withFirstConnection(_ body: (PostgresConnection) async throws -> Void) async throws {
        var configuration = PostgresConnection.Configuration(
            host: target.host, port: target.port, username: target.username, password: target.password, database: target.database,
            tls: try target.connectionTLS()
        )
        configuration.options.additionalStartupParameters = startupParameters
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch let error as PSQLError {
            throw Unavailable(place: target.place, reason: error.serverInfo?[.message] ?? error.underlying.map { String(describing: $0) } ?? "\(error.code)")
        }
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
