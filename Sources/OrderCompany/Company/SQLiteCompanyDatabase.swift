import Foundation
import GRDB
import Mail
import MailOutbox
import OrderKit
import Storage

/// The company's data in SQLite, the outbox's tables beside it so an order and its e-mail are
/// one transaction.
public struct SQLiteCompanyDatabase: CompanyDatabase {
    public let database: any DatabaseWriter

    public init(database: any DatabaseWriter) throws {
        self.database = database
        try CompanySchema.migrator.migrate(database, formerNames: CompanySchema.formerMigrationNames)
        try OutboxSchema.migrator.migrate(database)
    }


    // MARK: Companies and agents

    public func insertCompany(_ company: Company) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM order_company WHERE code = ?", arguments: [company.code]) == nil else {
                throw CompanyError.companyExists(company.code)
            }
            try db.execute(sql: "INSERT INTO order_company (code, name) VALUES (?, ?)", arguments: [company.code, company.name])
        }
    }

    public func companies() async throws -> [Company] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT code, name FROM order_company ORDER BY code").map { Company(code: $0["code"], name: $0["name"]) }
        }
    }

    public func company(code: String) async throws -> Company? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT code, name FROM order_company WHERE code = ?", arguments: [code]).map { Company(code: $0["code"], name: $0["name"]) }
        }
    }

    public func logo(company: String) async throws -> [UInt8]? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT logo FROM order_company WHERE code = ?", arguments: [company]).map(Array.init)
        }
    }

    public func setLogo(_ logo: [UInt8]?, company: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE order_company SET logo = ? WHERE code = ?", arguments: [logo.map { Data($0) }, company])
            return db.changesCount > 0
        }
    }

    public func insertAgent(company: String, username: String, passwordHash: String) async throws {
        try await database.write { db in
            try Self.requireCompany(company, db)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM order_company_agent WHERE company = ? AND username = ?", arguments: [company, username]) == nil else {
                throw CompanyError.agentExists(company: company, username: username)
            }
            try db.execute(sql: "INSERT INTO order_company_agent (company, username, passwordHash) VALUES (?, ?, ?)", arguments: [company, username, passwordHash])
        }
    }

    public func login(company: String, username: String) async throws -> StoredLogin? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT passwordHash, subscriptionEnded FROM order_company_agent WHERE company = ? AND username = ?", arguments: [company, username]
            ).map { StoredLogin(passwordHash: $0["passwordHash"], subscriptionEnded: $0["subscriptionEnded"]) }
        }
    }

    public func endSubscription(company: String, username: String, at endedAt: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE order_company_agent SET subscriptionEnded = ? WHERE company = ? AND username = ?", arguments: [endedAt, company, username]
            )
            return db.changesCount == 1
        }
    }

    public func agents(company: String) async throws -> [CompanyAgent] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT username, subscriptionEnded FROM order_company_agent WHERE company = ? ORDER BY username", arguments: [company]
            ).map { CompanyAgent(username: $0["username"], subscriptionEnded: ($0["subscriptionEnded"] as Date?) != nil) }
        }
    }

    public func renewSubscription(company: String, username: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE order_company_agent SET subscriptionEnded = NULL WHERE company = ? AND username = ?", arguments: [company, username])
            return db.changesCount == 1
        }
    }

    public func setPasswordHash(company: String, username: String, passwordHash: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE order_company_agent SET passwordHash = ? WHERE company = ? AND username = ?", arguments: [passwordHash, company, username])
            return db.changesCount == 1
        }
    }

    // MARK: Helpers

    static func requireCompany(_ code: String, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM order_company WHERE code = ?", arguments: [code]) != nil else {
            throw CompanyError.unknownCompany(code)
        }
    }
}
