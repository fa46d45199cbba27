import OrderKit
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
    /// The company's logo (PNG bytes), printed on its orders; nil without one.
    func logo(company: String) async throws -> [UInt8]?
    /// Sets or (nil) removes the logo; false when there is no such company.
    func setLogo(_ logo: [UInt8]?, company: String) async throws -> Bool

    /// Throws `CompanyError.unknownCompany` or `.agentExists`.
    func insertAgent(company: String, username: String, passwordHash: String) async throws
    func login(company: String, username: String) async throws -> StoredLogin?
    /// false when there is no such agent.
    func endSubscription(company: String, username: String, at endedAt: Date) async throws -> Bool
    func agents(company: String) async throws -> [CompanyAgent]
    /// Clears an ended subscription; false when there is no such agent.
    func renewSubscription(company: String, username: String) async throws -> Bool
    /// Replaces the agent's password hash; false when there is no such agent.
    func setPasswordHash(company: String, username: String, passwordHash: String) async throws -> Bool

    /// Every master-data record of the company, tombstones included, by dependency order.
    func masterData(company: String) async throws -> [StoredCompanyRecord]
    /// `count` idAzienda numbers never handed out before; returns the first.
    func reserveRecordNumbers(_ count: Int) async throws -> Int64
    /// Writes `changes`, numbering each for the feed, and with `importing` keeps those records
    /// under a one-time code for an agent to redeem, in one transaction. Throws
    /// `CompanyError.unknownCompany`.
    func apply(_ changes: MasterDataChanges, importing: MasterDataImportCode?, company: String, at date: Date) async throws
    /// Changes numbered after `cursor`, oldest first, at most `limit`.
    func changes(company: String, after cursor: Int64, limit: Int) async throws -> [CompanyChange]
    /// The last change number handed out (0 before the first): no cursor above it was ever issued.
    func latestChangeNumber() async throws -> Int64
    /// Changes made after `lastSync` by the server's clock, oldest first.
    func changes(company: String, since lastSync: Date) async throws -> [CompanyChange]

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

/// An upload's records kept under a one-time code (the thesis's Importazione).
public struct MasterDataImportCode: Sendable, Hashable {
    public var code: String
    public var kind: MasterDataKind
    public var records: [CompanyRecord]

    public init(code: String, kind: MasterDataKind, records: [CompanyRecord]) {
        self.code = code
        self.kind = kind
        self.records = records
    }
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
