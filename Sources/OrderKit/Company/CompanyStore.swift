import Credentials
import Foundation
import GRDB

/// The company's side of Orders: companies, their agents and subscriptions, their master data
/// (with a change log for syncing agents), one-time imports, and the orders agents send.
/// Every change is one transaction.
public struct CompanyStore: Sendable {
    public let database: any DatabaseWriter
    public let hasher: PasswordHasher
    public var now: @Sendable () -> Date
    let verified = VerifiedCredentials()

    public init(database: any DatabaseWriter, hasher: PasswordHasher = PasswordHasher(), now: @escaping @Sendable () -> Date = Date.init) throws {
        self.database = database
        self.hasher = hasher
        self.now = now
        try CompanySchema.migrator.migrate(database)
    }

    /// Opens (creating if needed) the database file at `path` in WAL mode, as the other Kits do.
    public static func open(path: String) throws -> CompanyStore {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // `bottega serve` and a CLI command may write the same file at once.
        configuration.busyMode = .timeout(10)
        return try CompanyStore(database: DatabasePool(path: path, configuration: configuration))
    }

    // MARK: Companies and agents

    public func addCompany(code: String, name: String) throws -> Company {
        guard Self.isCompanyCode(code) else { throw CompanyError.invalidCompanyCode(code) }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM order_company WHERE code = ?", arguments: [code]) == nil else {
                throw CompanyError.companyExists(code)
            }
            try db.execute(sql: "INSERT INTO order_company (code, name) VALUES (?, ?)", arguments: [code, trimmed.isEmpty ? code : trimmed])
            return Company(code: code, name: trimmed.isEmpty ? code : trimmed)
        }
    }

    public func companies() throws -> [Company] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT code, name FROM order_company ORDER BY code").map { Company(code: $0["code"], name: $0["name"]) }
        }
    }

    /// Adds an agent whose password is kept only as a slow salted hash.
    public func addAgent(company: String, username: String, password: String) throws {
        guard Self.isUsername(username) else { throw CompanyError.invalidUsername(username) }
        do { try PasswordPolicy.check(password) } catch { throw CompanyError.weakPassword(error.localizedDescription) }
        let hash = try hasher.hash(password)
        try database.write { db in
            try requireCompany(company, db)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM order_company_agent WHERE company = ? AND username = ?", arguments: [company, username]) == nil else {
                throw CompanyError.agentExists(company: company, username: username)
            }
            try db.execute(sql: "INSERT INTO order_company_agent (company, username, passwordHash) VALUES (?, ?, ?)", arguments: [company, username, hash])
        }
    }

    /// The thesis's `check`: whether these credentials may sync. A wrong user and a wrong
    /// password are one answer, so names cannot be probed.
    public func authenticate(company: String, username: String, password: String) throws -> AgentAccess {
        let row = try database.read { db in
            try Row.fetchOne(db, sql: "SELECT passwordHash, subscriptionEnded FROM order_company_agent WHERE company = ? AND username = ?", arguments: [company, username])
        }
        guard let row else {
            hasher.spendVerificationTime(password)
            return .wrongPassword
        }
        // The subscription is read every time: only the password check is remembered.
        guard (row["subscriptionEnded"] as Date?) == nil else {
            return hasher.verify(password, against: row["passwordHash"]) ? .subscriptionEnded : .wrongPassword
        }
        if verified.contains(company: company, username: username, password: password, at: now()) { return .allowed }
        guard hasher.verify(password, against: row["passwordHash"]) else { return .wrongPassword }
        verified.remember(company: company, username: username, password: password, at: now())
        return .allowed
    }

    /// Ends an agent's subscription: their next sync answers `deleted`.
    public func endSubscription(company: String, username: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE order_company_agent SET subscriptionEnded = ? WHERE company = ? AND username = ?", arguments: [now(), company, username])
            guard db.changesCount == 1 else { throw CompanyError.unknownAgent(company: company, username: username) }
        }
        verified.forget(company: company, username: username)
    }

    // MARK: Helpers

    func requireCompany(_ code: String, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM order_company WHERE code = ?", arguments: [code]) != nil else {
            throw CompanyError.unknownCompany(code)
        }
    }

    static func isCompanyCode(_ code: String) -> Bool {
        (2...20).contains(code.count) && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    static func isUsername(_ name: String) -> Bool {
        (3...32).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }
    }
}

/// A company that sends its master data to its agents and receives their orders.
public struct Company: Sendable, Hashable, Codable {
    public var code: String
    public var name: String
}

/// The answers to an agent's credentials (the thesis's `check`).
public enum AgentAccess: Sendable, Hashable {
    case allowed
    case wrongPassword
    case subscriptionEnded
}

/// An agent as the back office lists them.
public struct CompanyAgent: Sendable, Hashable {
    public var username: String
    public var subscriptionEnded: Bool
}

extension CompanyStore {
    /// The company's agents, by username.
    public func agents(company: String) throws -> [CompanyAgent] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT username, subscriptionEnded FROM order_company_agent WHERE company = ? ORDER BY username", arguments: [company]).map {
                CompanyAgent(username: $0["username"], subscriptionEnded: ($0["subscriptionEnded"] as Date?) != nil)
            }
        }
    }
}
