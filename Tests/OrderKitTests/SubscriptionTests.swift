import Amounts
import Credentials
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// An agent holds one subscription per company (the thesis's "Sottoscrizione"), each with its own
/// data, sync and order numbers; the company numbers its own orders from 1.
@Suite struct SubscriptionTests {
    @Test func twoSubscriptionsKeepTheirOwnDataAndTheirOwnOrderNumbers() async throws {
        let company = try CompanyStore(database: DatabaseQueue(), hasher: PasswordHasher(cost: .testing))
        for code in ["ACME", "BETA"] {
            _ = try await company.addCompany(code: code, name: code)
            try await company.addAgent(company: code, username: "mario.rossi", password: "una-password-lunga")
            _ = try await company.importSpreadsheet(Array("Codice;Ragione sociale;E-mail\nF1;Fornitore \(code);ordini@\(code.lowercased()).it\n".utf8), kind: .supplier, company: code)
            _ = try await company.importSpreadsheet(Array("Codice;Ragione sociale\nC1;Cliente \(code)\n".utf8), kind: .customer, company: code)
            _ = try await company.importSpreadsheet(Array("Codice;Fornitore;Prezzo\nP-1;F1;10\n".utf8), kind: .product, company: code)
        }
        let agent = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        for code in ["ACME", "BETA"] {
            try agent.save(Subscription(name: "Mandante \(code)", serverURL: URL(string: "https://\(code.lowercased()).example")!,
                                        account: CompanyAccount(company: code, username: "mario.rossi", password: "una-password-lunga"),
                                        syncProtocol: code == "ACME" ? .thesis : .feed))
            let server = CompanySyncServer(store: company)
            let body = try await server.thesisSync(company: code, username: "mario.rossi", password: "una-password-lunga", lastSync: "2000-01-01 00:00:00")
            try agent.apply(try SyncResponse.parse(body, company: code).get())
        }
        #expect(try agent.subscriptions().map(\.name) == ["Mandante ACME", "Mandante BETA"])
        #expect(try agent.subscriptions().map(\.syncProtocol) == [.thesis, .feed])
        #expect(try agent.customers().map(\.companyName).sorted() == ["Cliente ACME", "Cliente BETA"])

        // One order to each company, two to ACME: each company numbers from 1.
        var numbers: [String: [Int64]] = [:]
        for code in ["ACME", "BETA", "ACME"] {
            let supplier = try #require(try agent.suppliers().first { $0.name == "Fornitore \(code)" })
            let customer = try #require(try agent.customers().first { $0.companyName == "Cliente \(code)" })
            var order = try agent.createDraft(date: Date(timeIntervalSince1970: 1_800_000_000))
            order.customerID = customer.id
            order.supplierID = supplier.id
            order = try agent.update(order)
            let product = try #require(try agent.products(supplierID: supplier.id).first)
            order = try agent.addLine(orderID: order.id!, productID: product.id!, quantity: 1)
            let subscription = try #require(try agent.subscription(forOrder: order))
            #expect(subscription.account.company == code)
            let submission = OrderSubmission(order: order, customer: customer, supplier: supplier, agent: Agent(name: "Mario Rossi"))
            let received = try await company.receive(submission, from: "mario.rossi", company: code) { _ in nil }
            numbers[code, default: []].append(received.number)
        }
        #expect(numbers == ["ACME": [1, 2], "BETA": [1]])

        // Removing a subscription removes what its company synced, and only that.
        try agent.deleteSubscription(id: try #require(try agent.subscription(company: "BETA")?.id))
        #expect(try agent.customers().map(\.companyName) == ["Cliente ACME"])
        #expect(try agent.subscriptions().count == 1)
    }

    @Test func theCompanyPasswordIsSealedAtRestAndOpensOnlyForItsServer() throws {
        let database = try DatabaseQueue()
        let agent = try AgentStore(database: database, keys: .ephemeral())
        try agent.save(Subscription(name: "ACME", serverURL: URL(string: "https://acme.example")!,
                                    account: CompanyAccount(company: "ACME", username: "mario.rossi", password: "una-password-lunga")))
        let stored = try database.read { db in try String.fetchOne(db, sql: "SELECT password FROM order_subscription") }
        #expect(stored?.hasPrefix("sealed-v1:") == true)
        #expect(stored?.contains("una-password") == false)
        #expect(try agent.subscription(company: "ACME")?.account.password == "una-password-lunga")
        // The address changed behind the store's back: the password goes nowhere.
        try database.write { db in try db.execute(sql: "UPDATE order_subscription SET serverURL = 'https://evil.example'") }
        #expect(try agent.subscription(company: "ACME")?.account.password == "")
        #expect(try agent.subscription(company: "ACME")?.serverURL.host == "evil.example")
    }

    @Test func passwordsAnEarlierVersionKeptAsTypedAreSealedOnUpgrade() throws {
        let database = try DatabaseQueue()
        let keys = KeyFile.ephemeral()
        let passwords = SecretBox(key: keys.key(AgentStore.passwordKeyName))
        try OrderSchema.migrator(passwords: passwords).migrate(database, upTo: "order-v4-subscriptions")
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO order_company_link (id, serverURL, company, username, password) VALUES (1, 'https://acme.example', 'ACME', 'mario', 'vecchia-password');
                INSERT INTO order_subscription (name, serverURL, company, username, password) VALUES ('ACME', 'https://acme.example', 'ACME', 'mario', 'vecchia-password');
                """)
        }
        let agent = try AgentStore(database: database, keys: keys)
        #expect(try agent.subscriptions().map(\.account.password) == ["vecchia-password"])
        let atRest = try database.read { db in try String.fetchAll(db, sql: "SELECT password FROM order_subscription UNION ALL SELECT password FROM order_company_link") }
        #expect(atRest.allSatisfy { !$0.contains("vecchia") })
    }
}
