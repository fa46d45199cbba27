import Credentials
import Foundation
import GRDB
import OrderKit

/// The company's side of Orders: companies, their agents and subscriptions, their master data
/// (with a change log for syncing agents), one-time imports, and the orders agents send. The
/// rules live here; the data in a `CompanyDatabase` (SQLite or PostgreSQL).
public struct CompanyStore: Sendable {
    public let database: any CompanyDatabase
    public let hasher: PasswordHasher
    public var now: @Sendable () -> Date
    /// Where password checks run; a server sets its bounded pool (``PasswordWork``).
    public var passwordWork = PasswordWork.inPlace
    let verified = VerifiedCredentials()

    public init(database: any CompanyDatabase, hasher: PasswordHasher = PasswordHasher(), now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.hasher = hasher
        self.now = now
    }

    /// The store in a SQLite database (its tables, and the outbox's, are created if needed).
    public init(database: any DatabaseWriter, hasher: PasswordHasher = PasswordHasher(), now: @escaping @Sendable () -> Date = Date.init) throws {
        self.init(database: try SQLiteCompanyDatabase(database: database), hasher: hasher, now: now)
    }


    // MARK: Companies and agents

    public func addCompany(code: String, name: String) async throws -> Company {
        guard Self.isCompanyCode(code) else { throw CompanyError.invalidCompanyCode(code) }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let company = Company(code: code, name: trimmed.isEmpty ? code : trimmed)
        try await database.insertCompany(company)
        return company
    }

    public func companies() async throws -> [Company] {
        try await database.companies()
    }

    /// The company's name, for the documents it sends.
    public func company(code: String) async throws -> Company? {
        try await database.company(code: code)
    }

    /// Adds an agent whose password is kept only as a slow salted hash.
    public func addAgent(company: String, username: String, password: String) async throws {
        guard Self.isUsername(username) else { throw CompanyError.invalidUsername(username) }
        do { try PasswordPolicy.check(password) } catch { throw CompanyError.weakPassword(error.localizedDescription) }
        try await database.insertAgent(company: company, username: username, passwordHash: try hasher.hash(password))
    }

    /// The company's agents, by username.
    public func agents(company: String) async throws -> [CompanyAgent] {
        try await database.agents(company: company)
    }

    /// The thesis's `check`: whether these credentials may sync. A wrong user and a wrong
    /// password are one answer, so names cannot be probed.
    public func authenticate(company: String, username: String, password: String) async throws -> AgentAccess {
        let hasher = hasher
        guard let login = try await database.login(company: company, username: username) else {
            try await passwordWork.run { hasher.spendVerificationTime(password) }
            return .wrongPassword
        }
        // The subscription is read every time (another server process may have ended it): only
        // the password check is remembered.
        guard login.subscriptionEnded == nil else {
            return try await passwordWork.run { hasher.verify(password, against: login.passwordHash) } ? .subscriptionEnded : .wrongPassword
        }
        if verified.contains(company: company, username: username, password: password, at: now()) { return .allowed }
        guard try await passwordWork.run({ hasher.verify(password, against: login.passwordHash) }) else { return .wrongPassword }
        verified.remember(company: company, username: username, password: password, at: now())
        return .allowed
    }

    /// Ends an agent's subscription: their next sync answers `deleted`.
    public func endSubscription(company: String, username: String) async throws {
        guard try await database.endSubscription(company: company, username: username, at: now()) else {
            throw CompanyError.unknownAgent(company: company, username: username)
        }
        verified.forget(company: company, username: username)
    }

    /// Renews an ended subscription: the agent syncs again (and receives everything anew).
    public func renewSubscription(company: String, username: String) async throws {
        guard try await database.renewSubscription(company: company, username: username) else {
            throw CompanyError.unknownAgent(company: company, username: username)
        }
        verified.forget(company: company, username: username)
    }

    /// Sets a new password for an agent who lost theirs; the old one stops working at once.
    public func resetPassword(company: String, username: String, newPassword: String) async throws {
        do { try PasswordPolicy.check(newPassword) } catch { throw CompanyError.weakPassword(error.localizedDescription) }
        let hash = try await passwordWork.run { [hasher] in try hasher.hash(newPassword) }
        guard try await database.setPasswordHash(company: company, username: username, passwordHash: hash) else {
            throw CompanyError.unknownAgent(company: company, username: username)
        }
        verified.forget(company: company, username: username)
    }

    // MARK: Rules

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

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
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

    public init(username: String, subscriptionEnded: Bool) {
        self.username = username
        self.subscriptionEnded = subscriptionEnded
    }
}
