import Credentials
import Foundation
import GRDB
import Storage
import WebCore

/// A storefront visitor's session, kept server-side in the app's SQLite (`shop_sessions`): the
/// shop cart they fill (made on the first add) and, once they log in, the customer. The browser
/// holds the random token (cookie `bottega_shop`, or `Authorization: Bearer` for the API); the
/// table holds only its digest (``ShopSessionStore``).
struct ShopSession: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "shop_sessions"
    /// 30 days, then a visitor starts again with an empty cart.
    static let lifetime: TimeInterval = 30 * 24 * 3600

    var token: String
    var customerID: Int?
    var customerName: String?
    var cartID: Int?
    var createdAt: Date
}

package struct ShopSessionStore: Sendable {
    let database: any DatabaseWriter

    init(database: any DatabaseWriter) throws {
        self.database = database
        try Self.migrate(database)
    }

    /// Creates the sessions table; the app runs it at start whether a shop is configured or not,
    /// so every table in the file is migrated under one set of names.
    package static func migrate(_ database: any DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("shop-v1-sessions") { db in
            try db.create(table: ShopSession.databaseTableName, ifNotExists: true) { table in
                table.primaryKey("token", .text)
                table.column("customerID", .integer)
                table.column("customerName", .text)
                table.column("cartID", .integer)
                table.column("createdAt", .datetime).notNull()
            }
        }
        // The table held the tokens themselves; a stolen database file (or backup) then opened every
        // visitor's cart and account. It keeps their digests now, as the wallet's sessions do.
        migrator.registerMigration("shop-v2-session-digests") { db in
            for token in try String.fetchAll(db, sql: "SELECT token FROM shop_sessions") {
                try db.execute(sql: "UPDATE shop_sessions SET token = ? WHERE token = ?", arguments: [SessionToken.digest(token), token])
            }
        }
        try migrator.migrate(database, formerNames: ["shop_sessions_v1": "shop-v1-sessions"])
    }

    func session(token: String) throws -> ShopSession? {
        guard var session = try database.read({ try ShopSession.fetchOne($0, key: SessionToken.digest(token)) }) else { return nil }
        guard Date().timeIntervalSince(session.createdAt) < ShopSession.lifetime else {
            try delete(token: token)
            return nil
        }
        session.token = token
        return session
    }

    /// A new session with a token of 32 random bytes (hex), as the wallet's sessions. Not
    /// stored until ``save(_:)``: an action that fails leaves no session behind.
    func create() -> ShopSession {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        return ShopSession(token: token, customerID: nil, customerName: nil, cartID: nil, createdAt: Date())
    }

    /// Stores the session under its token's digest; the token itself lives only in the browser.
    func save(_ session: ShopSession) throws {
        var stored = session
        stored.token = SessionToken.digest(session.token)
        try database.write { try stored.save($0) }
    }

    func delete(token: String) throws {
        _ = try database.write { try ShopSession.deleteOne($0, key: SessionToken.digest(token)) }
    }
}
