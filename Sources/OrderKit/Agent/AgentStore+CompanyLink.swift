import Foundation
import GRDB

/// The agent's link to one company: the server's address and the account the company gave. A
/// subscription seen without its name and protocol (see ``Subscription``).
public struct CompanyLink: Sendable, Hashable {
    public var serverURL: URL
    public var account: CompanyAccount

    public init(serverURL: URL, account: CompanyAccount) {
        self.serverURL = serverURL
        self.account = account
    }
}

extension AgentStore {
    /// The first subscription's link (by name), nil without any.
    public func companyLink() throws -> CompanyLink? {
        try subscriptions().first.map { CompanyLink(serverURL: $0.serverURL, account: $0.account) }
    }

    /// Adds or updates the subscription to the link's company, keeping its name and protocol.
    public func save(_ link: CompanyLink) throws {
        var subscription = try subscription(company: link.account.company)
            ?? Subscription(name: link.account.company, serverURL: link.serverURL, account: link.account)
        subscription.serverURL = link.serverURL
        subscription.account = link.account
        try save(subscription)
    }
}
