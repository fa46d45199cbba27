import Foundation
import Logging
import OrderCompany
import OrderKit
import PostgresNIO

/// The company's data in PostgreSQL, for a company server of several `bottega serve` processes.
/// Its outbox (`PostgresOutboxDatabase`) lives in the same database, so an order and its e-mail
/// are one transaction here too.
public struct PostgresCompanyDatabase: CompanyDatabase {
    let client: PostgresClient
    let logger: Logger

    /// Needs `client` running (`PostgresStorage` runs it) and migrated.
    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    // MARK: Companies and agents

    public func insertCompany(_ company: Company) async throws {
        let inserted = try await client.query(
            "INSERT INTO order_company (code, name) VALUES (\(company.code), \(company.name)) ON CONFLICT (code) DO NOTHING RETURNING code", logger: logger
        ).collect()
        guard !inserted.isEmpty else { throw CompanyError.companyExists(company.code) }
    }

    public func companies() async throws -> [Company] {
        try await client.query("SELECT code, name FROM order_company ORDER BY code", logger: logger).collect().map(Self.company)
    }

    public func company(code: String) async throws -> Company? {
        try await client.query("SELECT code, name FROM order_company WHERE code = \(code)", logger: logger).collect().first.map(Self.company)
    }

    public func logo(company: String) async throws -> [UInt8]? {
        for try await (logo) in try await client.query("SELECT logo FROM order_company WHERE code = \(company)", logger: logger).decode((ByteBuffer?).self) {
            return logo.map { Array($0.readableBytesView) }
        }
        return nil
    }

    public func setLogo(_ logo: [UInt8]?, company: String) async throws -> Bool {
        let bytes = logo.map { ByteBuffer(bytes: $0) }
        let updated = try await client.query(
            "UPDATE order_company SET logo = \(bytes) WHERE code = \(company) RETURNING code", logger: logger
        ).collect()
        return !updated.isEmpty
    }

    public func insertAgent(company: String, username: String, passwordHash: String) async throws {
        try await client.transaction(logger: logger) { connection in
            try await Self.requireCompany(company, connection, logger)
            let inserted = try await connection.query(
                """
                INSERT INTO order_company_agent (company, username, password_hash) VALUES (\(company), \(username), \(passwordHash))
                ON CONFLICT (company, username) DO NOTHING RETURNING id
                """,
                logger: logger
            ).collect()
            guard !inserted.isEmpty else { throw CompanyError.agentExists(company: company, username: username) }
        }
    }

    public func login(company: String, username: String) async throws -> StoredLogin? {
        try await client.query(
            "SELECT password_hash, subscription_ended FROM order_company_agent WHERE company = \(company) AND username = \(username)", logger: logger
        ).collect().first.map { row in
            let (hash, ended) = try row.decode((String, Date?).self)
            return StoredLogin(passwordHash: hash, subscriptionEnded: ended)
        }
    }

    public func endSubscription(company: String, username: String, at endedAt: Date) async throws -> Bool {
        try await !client.query(
            "UPDATE order_company_agent SET subscription_ended = \(endedAt) WHERE company = \(company) AND username = \(username) RETURNING id",
            logger: logger
        ).collect().isEmpty
    }

    public func renewSubscription(company: String, username: String) async throws -> Bool {
        try await !client.query(
            "UPDATE order_company_agent SET subscription_ended = NULL WHERE company = \(company) AND username = \(username) RETURNING id",
            logger: logger
        ).collect().isEmpty
    }

    public func setPasswordHash(company: String, username: String, passwordHash: String) async throws -> Bool {
        try await !client.query(
            "UPDATE order_company_agent SET password_hash = \(passwordHash) WHERE company = \(company) AND username = \(username) RETURNING id",
            logger: logger
        ).collect().isEmpty
    }

    public func agents(company: String) async throws -> [CompanyAgent] {
        try await client.query(
            "SELECT username, subscription_ended IS NOT NULL FROM order_company_agent WHERE company = \(company) ORDER BY username", logger: logger
        ).collect().map { row in
            let (username, ended) = try row.decode((String, Bool).self)
            return CompanyAgent(username: username, subscriptionEnded: ended)
        }
    }

    // MARK: Helpers

    static func requireCompany(_ code: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard try await !connection.query("SELECT 1 FROM order_company WHERE code = \(code)", logger: logger).collect().isEmpty else {
            throw CompanyError.unknownCompany(code)
        }
    }

    private static func company(_ row: PostgresRow) throws -> Company {
        let (code, name) = try row.decode((String, String).self)
        return Company(code: code, name: name)
    }
}
