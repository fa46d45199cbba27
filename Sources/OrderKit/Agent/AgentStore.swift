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

    /// Migrates `database` to OrderKit's agent schema.
    public init(database: any DatabaseWriter, now: @escaping @Sendable () -> Date = Date.init) throws {
        self.database = database
        self.now = now
        try OrderSchema.migrator.migrate(database)
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
