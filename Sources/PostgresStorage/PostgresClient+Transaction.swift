import Logging
import PostgresNIO

extension PostgresConnection {
    /// A transaction whose closure's own error comes out as itself (a `CompanyError`, say), not
    /// wrapped in postgres-nio's `PostgresTransactionError`, once it has been rolled back.
    func transaction<Result>(
        logger: Logger, isolation: isolated (any Actor)? = #isolation, _ body: (PostgresConnection) async throws -> sending Result
    ) async throws -> sending Result {
        do {
            return try await withTransaction(logger: logger, isolation: isolation, body)
        } catch let error as PostgresTransactionError {
            if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
            throw error
        }
    }
}

extension PostgresClient {
    /// `PostgresConnection.transaction` on a connection of the pool.
    func transaction<Result>(
        logger: Logger, isolation: isolated (any Actor)? = #isolation, _ body: (PostgresConnection) async throws -> sending Result
    ) async throws -> sending Result {
        try await withConnection(isolation: isolation) { connection in
            try await connection.transaction(logger: logger, isolation: isolation, body)
        }
    }
}
