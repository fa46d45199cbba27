import Foundation
import GRDB

/// The agent's link to their company: the server's address and the account the company gave.
public struct CompanyLink: Sendable, Hashable {
    public var serverURL: URL
    public var account: CompanyAccount

    public init(serverURL: URL, account: CompanyAccount) {
        self.serverURL = serverURL
        self.account = account
    }
}

extension AgentStore {
    public func companyLink() throws -> CompanyLink? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM order_company_link WHERE id = 1"),
                  let url = URL(string: row["serverURL"]) else { return nil }
            return CompanyLink(serverURL: url, account: CompanyAccount(company: row["company"], username: row["username"], password: row["password"]))
        }
    }

    public func save(_ link: CompanyLink) throws {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO order_company_link (id, serverURL, company, username, password) VALUES (1, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET serverURL = excluded.serverURL, company = excluded.company,
                        username = excluded.username, password = excluded.password
                    """,
                arguments: [link.serverURL.absoluteString, link.account.company, link.account.username, link.account.password]
            )
        }
    }
}
