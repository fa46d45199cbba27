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
        let agent = try AgentStore(database: DatabaseQueue())
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
}
