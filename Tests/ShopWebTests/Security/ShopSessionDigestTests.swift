@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Credentials
import Foundation
import GRDB
import Testing

/// Issue 23: shop session tokens were stored as they are, so whoever read the database (or a
/// backup) could open every visitor's cart and account. The table keeps their digests now.
@Suite struct ShopSessionDigestTests {
    @Test func theTableHoldsTheDigestAndTheTokenStillOpensTheSession() throws {
        let database = try DatabaseQueue()
        let store = try ShopSessionStore(database: database)
        var session = store.create()
        session.cartID = 7
        try store.save(session)
        let stored = try database.read { db in try String.fetchAll(db, sql: "SELECT token FROM shop_sessions") }
        #expect(stored == [SessionToken.digest(session.token)])
        #expect(!stored.contains(session.token))
        let found = try #require(try store.session(token: session.token))
        #expect(found.token == session.token && found.cartID == 7)
        #expect(try store.session(token: SessionToken.digest(session.token)) == nil, "the digest itself must not open the session")
        try store.delete(token: session.token)
        #expect(try store.session(token: session.token) == nil)
    }

    @Test func tokensStoredByAnEarlierVersionAreDigestedAndStillWork() throws {
        let database = try DatabaseQueue()
        var earlier = DatabaseMigrator()
        earlier.registerMigration("shop_sessions_v1") { db in
            try db.create(table: "shop_sessions") { table in
                table.primaryKey("token", .text)
                table.column("customerID", .integer)
                table.column("customerName", .text)
                table.column("cartID", .integer)
                table.column("createdAt", .datetime).notNull()
            }
        }
        try earlier.migrate(database)
        let token = String(repeating: "ab", count: 32)
        try database.write { db in
            try db.execute(sql: "INSERT INTO shop_sessions (token, cartID, createdAt) VALUES (?, 3, ?)", arguments: [token, Date()])
        }
        let store = try ShopSessionStore(database: database)
        #expect(try database.read { db in try String.fetchAll(db, sql: "SELECT token FROM shop_sessions") } == [SessionToken.digest(token)])
        #expect(try store.session(token: token)?.cartID == 3)
    }
}
