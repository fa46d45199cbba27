import Foundation
import GRDB

extension AgentStore {
    /// Every subscription, by name.
    public func subscriptions() throws -> [Subscription] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM order_subscription ORDER BY name COLLATE NOCASE, id").compactMap(decoded)
        }
    }

    public func subscription(id: Int64) throws -> Subscription? {
        try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM order_subscription WHERE id = ?", arguments: [id]).flatMap(decoded) }
    }

    /// The subscription to `company`, if the agent holds one.
    public func subscription(company: String) throws -> Subscription? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM order_subscription WHERE company = ?", arguments: [company]).flatMap(decoded)
        }
    }

    /// Adds a subscription, or replaces the one to the same company (a changed password, say).
    /// Throws `AgentStoreError.emptyField` for an empty name, company or username.
    @discardableResult
    public func save(_ subscription: Subscription) throws -> Subscription {
        let name = subscription.name.trimmingCharacters(in: .whitespaces)
        let company = subscription.account.company.trimmingCharacters(in: .whitespaces)
        guard !company.isEmpty else { throw AgentStoreError.emptyField("company code") }
        guard !subscription.account.username.trimmingCharacters(in: .whitespaces).isEmpty else { throw AgentStoreError.emptyField("username") }
        guard subscription.serverURL.carriesCredentialsSafely else { throw AgentStoreError.insecureServer(subscription.serverURL.absoluteString) }
        return try database.write { db in
            // Another server (or account) has its own clock and its own feed: what was synced
            // from the old one says nothing about the new one, so the next sync starts over.
            if let old = try Row.fetchOne(db, sql: "SELECT serverURL, username FROM order_subscription WHERE company = ?", arguments: [company]),
               old["serverURL"] as String != subscription.serverURL.absoluteString || old["username"] as String != subscription.account.username {
                try db.execute(sql: "UPDATE order_subscription SET lastSync = NULL WHERE company = ?", arguments: [company])
                try db.execute(sql: "DELETE FROM order_sync_cursor WHERE company = ?", arguments: [company])
            }
            try db.execute(
                sql: """
                    INSERT INTO order_subscription (name, serverURL, company, username, password, protocol) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (company) DO UPDATE SET name = excluded.name, serverURL = excluded.serverURL, username = excluded.username,
                        password = excluded.password, protocol = excluded.protocol
                    """,
                arguments: [name.isEmpty ? company : name, subscription.serverURL.absoluteString, company, subscription.account.username,
                            try passwords.seal(subscription.account.password, for: Self.passwordContext(
                                serverURL: subscription.serverURL.absoluteString, company: company, username: subscription.account.username)),
                            subscription.syncProtocol.rawValue]
            )
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM order_subscription WHERE company = ?", arguments: [company]),
                  let stored = decoded(row) else { throw AgentStoreError.damagedRecord("subscription \(company) was not stored") }
            return stored
        }
    }

    /// Removes a subscription and everything its company synced (the thesis: a subscription
    /// gone removes its data); orders stay, with their copied lines and names.
    public func deleteSubscription(id: Int64) throws {
        guard let subscription = try subscription(id: id) else { return }
        try endSubscription(company: subscription.account.company)
    }

    /// The company ended the subscription (or the agent removed it): its records, its sync
    /// position and its entry go, so no stale entry keeps syncing or taking orders.
    public func endSubscription(company: String) throws {
        try apply([.deleteAll(company: company)])
        try database.write { db in
            try db.execute(sql: "DELETE FROM order_subscription WHERE company = ?", arguments: [company])
            try db.execute(sql: "DELETE FROM order_sync_cursor WHERE company = ?", arguments: [company])
        }
    }

    /// This device's id for the thesis's `udid`, made once with the store.
    public func deviceID() throws -> String {
        try database.read { db in try String.fetchOne(db, sql: "SELECT udid FROM order_device WHERE id = 1") } ?? "bottega"
    }

    /// The thesis's `lastSync` for `company`: the device's time of its last thesis sync.
    public func lastThesisSync(company: String) throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT lastSync FROM order_subscription WHERE company = ?", arguments: [company]) }
    }

    public func setLastThesisSync(_ text: String?, company: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE order_subscription SET lastSync = ? WHERE company = ?", arguments: [text, company])
        }
    }

    /// Where an order goes: the subscription it was first sent to, else the subscription of the
    /// company its supplier was synced from. Nil for a supplier the agent entered by hand, or one
    /// whose company is no longer subscribed: no company's server takes such an order (issue 40:
    /// it never falls back to another company, which would send and number it as theirs).
    public func subscription(forOrder order: Order) throws -> Subscription? {
        if let id = order.id, let snapshot = try snapshot(orderID: id) {
            return try snapshot.company.flatMap { try subscription(company: $0) }
        }
        guard let supplierID = order.supplierID, case .synced(let company, _)? = try supplier(id: supplierID)?.origin else { return nil }
        return try subscription(company: company)
    }

    /// A subscription row with its password opened. A password that does not open (sealed for
    /// another server or account, or with another key file) is given as empty: the company then
    /// refuses the log-in and the agent types the password again, and it goes nowhere else.
    private func decoded(_ row: Row) -> Subscription? {
        guard let url = URL(string: row["serverURL"]) else { return nil }
        let context = Self.passwordContext(serverURL: row["serverURL"], company: row["company"], username: row["username"])
        return Subscription(
            id: row["id"], name: row["name"], serverURL: url,
            account: CompanyAccount(company: row["company"], username: row["username"], password: passwords.open(row["password"], for: context) ?? ""),
            syncProtocol: SyncProtocol(rawValue: row["protocol"]) ?? .feed)
    }
}

extension URL {
    /// HTTPS, or plain HTTP to this machine only: where the agent's credentials may go.
    public var carriesCredentialsSafely: Bool {
        switch scheme?.lowercased() {
        case "https": return true
        case "http":
            let host = (host ?? "").lowercased()
            return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
        default: return false
        }
    }
}
