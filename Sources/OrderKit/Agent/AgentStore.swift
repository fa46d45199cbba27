import Credentials
import Foundation
import GRDB

/// The sales agent's data on their device: the agent's profile, customers, suppliers, price
/// lists, discounts and orders (the Bologna thesis's Order Sender), in SQLite through GRDB.
///
/// Every call that changes something is one transaction, committed before it returns: this is
/// the thesis's auto-save. The order form calls the store after every change, so killing the
/// server (or the device losing power) loses nothing already submitted and leaves nothing half
/// written. With a `DatabasePool` (WAL), readers see the last committed state while a write runs.
///
/// The company's synced records are read-only here: `save` and `delete` refuse them, and only
/// `apply(_:progress:)` changes them.
public struct AgentStore: Sendable {
    public let database: any DatabaseWriter
    /// The clock of the auto-save time, replaceable in tests.
    public var now: @Sendable () -> Date
    /// Seals the company passwords: they must be sent to the company, so they cannot be hashed.
    let passwords: SecretBox

    /// The name of the company passwords' key in the ``KeyFile``.
    public static let passwordKeyName = "order-company-passwords"

    /// Migrates `database` to OrderKit's agent schema; company passwords are sealed with a key
    /// from `keys`.
    public init(database: any DatabaseWriter, keys: KeyFile, now: @escaping @Sendable () -> Date = Date.init) throws {
        self.database = database
        self.now = now
        passwords = SecretBox(key: keys.key(Self.passwordKeyName))
        try OrderSchema.migrator(passwords: passwords).migrate(database)
    }

    /// What a sealed password is bound to: it opens only for the server and account it was given
    /// for, so a server address changed behind the store's back gets no password.
    static func passwordContext(serverURL: String, company: String, username: String) -> String {
        "order-company-password\n\(serverURL)\n\(company)\n\(username)"
    }


    // MARK: The agent

    /// The agent's profile; nil until first saved.
    public func agent() throws -> Agent? {
        try database.read { db in try AgentRow.fetchOne(db, key: 1)?.agent }
    }

    /// Stores the agent's profile (there is one).
    public func save(_ agent: Agent) throws {
        guard !agent.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw AgentStoreError.missingAgentName
        }
        try database.write { db in try AgentRow(agent).upsert(db) }
    }
}
