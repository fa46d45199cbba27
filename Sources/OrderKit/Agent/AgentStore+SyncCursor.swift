import GRDB

extension AgentStore {
    /// The cursor the company's feed gave at the last sync, nil before the first.
    public func syncCursor(company: String) throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT cursor FROM order_sync_cursor WHERE company = ?", arguments: [company]) }
    }

    /// Keeps the feed's cursor after a sync was applied; nil forgets it (the next sync starts over).
    public func setSyncCursor(_ cursor: String?, company: String) throws {
        try database.write { db in
            if let cursor {
                try db.execute(
                    sql: "INSERT INTO order_sync_cursor (company, cursor) VALUES (?, ?) ON CONFLICT (company) DO UPDATE SET cursor = excluded.cursor",
                    arguments: [company, cursor]
                )
            } else {
                try db.execute(sql: "DELETE FROM order_sync_cursor WHERE company = ?", arguments: [company])
            }
        }
    }
}
