import Foundation
import Mail

/// Where the company server keeps its data: SQLite (`SQLiteCompanyDatabase`, one process and
/// the default) or PostgreSQL (several `bottega serve` processes sharing one database). Each
/// method is one transaction. `CompanyStore` holds the rules (codes, passwords, credentials
/// cache); a database only stores and finds.
public protocol CompanyDatabase: Sendable {
    /// Throws `CompanyError.companyExists`.
    func insertCompany(_ company: Company) async throws
    func companies() async throws -> [Company]
    func company(code: String) async throws -> Company?

    /// Throws `CompanyError.unknownCompany` or `.agentExists`.
    func insertAgent(company: String, username: String, passwordHash: String) async throws
    func login(company: String, username: String) async throws -> StoredLogin?
    /// false when there is no such agent.
    func endSubscription(company: String, username: String, at endedAt: Date) async throws -> Bool
    func agents(company: String) async throws -> [CompanyAgent]

    /// Inserts or replaces records, numbering each change for the feed. Throws
    /// `CompanyError.unknownCompany`.
    func upsert(_ records: [CompanyRecord], company: String, at updatedAt: Date) async throws
    func deleteRecord(kind: MasterDataKind, remoteID: String, company: String, at deletedAt: Date) async throws
    /// Changes numbered after `cursor`, oldest first, at most `limit`.
    func changes(company: String, after cursor: Int64, limit: Int) async throws -> [CompanyChange]
    /// The last change number handed out (0 before the first): no cursor above it was ever issued.
    func latestChangeNumber() async throws -> Int64
    /// Changes made after `lastSync` by the server's clock, oldest first.
    func changes(company: String, since lastSync: Date) async throws -> [CompanyChange]

    /// Upserts `records` and keeps them under `code`, in one transaction.
    func createImport(code: String, kind: MasterDataKind, records: [CompanyRecord], company: String, at createdAt: Date) async throws
    func importCodes() async throws -> Set<String>
    /// The import's records, deleted in the same transaction; nil when the code is unknown or used.
    func redeemImport(code: String, company: String) async throws -> (kind: MasterDataKind, records: [CompanyRecord])?

    /// Stores the order unless its idempotency key is already there (then returns the stored one,
    /// `isNew` false). For a new order, `mail`'s message is queued in the outbox in the same
    /// transaction. Throws `CompanyError.unknownCompany`.
    func receive(
        _ submission: OrderSubmission, agent: String, company: String, at receivedAt: Date,
        mail: @Sendable (ReceivedOrder) throws -> MailMessage?
    ) async throws -> ReceivedOrder
    /// Newest first.
    func receivedOrders(company: String) async throws -> [ReceivedOrder]
}

/// An agent's stored password hash and subscription.
public struct StoredLogin: Sendable, Hashable {
    public var passwordHash: String
    public var subscriptionEnded: Date?

    public init(passwordHash: String, subscriptionEnded: Date?) {
        self.passwordHash = passwordHash
        self.subscriptionEnded = subscriptionEnded
    }
}

/// The JSON the company databases store records and orders as, the same in every database
/// (Foundation's default coding, as the first SQLite stores wrote it).
public enum CompanyJSON {
    public static func text<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    public static func value<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
