import Foundation

/// The thesis's "Sottoscrizione" (§3.1.1, §3.2.3): a company whose data the agent receives,
/// with a name, the server's address, the account (codice azienda, username, password) and the
/// protocol its server speaks. An agent holds one per company, each with its own data, its own
/// sync and its own order numbers.
public struct Subscription: Sendable, Hashable, Identifiable {
    public var id: Int64?
    /// What the agent calls it (the thesis's "nome").
    public var name: String
    /// For ``SyncProtocol/feed``, the server's root (`https://orders.example.com`); for
    /// ``SyncProtocol/thesis``, the root of the thesis's service, where
    /// `/sottoscrizione/check/…` lives (`http://business.ordersender.com`, or a Bottega
    /// server's `https://orders.example.com/orders/business`).
    public var serverURL: URL
    public var account: CompanyAccount
    public var syncProtocol: SyncProtocol

    public init(id: Int64? = nil, name: String, serverURL: URL, account: CompanyAccount, syncProtocol: SyncProtocol = .feed) {
        self.id = id
        self.name = name
        self.serverURL = serverURL
        self.account = account
        self.syncProtocol = syncProtocol
    }
}

/// How a subscription's server is synced.
public enum SyncProtocol: String, Sendable, Hashable, CaseIterable, Codable {
    /// Bottega's JSON change feed with a cursor the server issues (no change lost to a wrong clock).
    case feed
    /// The thesis's `check` then `sync` with `lastSync` and `udid`, answered in `||` lines, for a
    /// server that speaks only that (§3.2.2).
    case thesis
}
