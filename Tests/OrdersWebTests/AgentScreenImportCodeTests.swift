@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// Redeeming a company's import code on the Sync screen, against the company routes of the
/// same app over a real socket on 127.0.0.1 (one Bottega as both the company and the agent).
struct AgentScreenImportCodeTests {
    @Test func aCodeIsRedeemedOnceAndItsRecordsStoredAsTheCompanys() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await TestCompany.prepare(stores)
            let code = try await TestCompany.importCustomers(stores, "Caffè Società Cooperativa,Forlì\nBar Sport,Cesena\n")
            try await Self.link(client)

            // Typed in lower case with a space: still the code.
            let redeemed = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", code.prefix(3).lowercased() + " " + code.suffix(3).lowercased())])
            #expect(redeemed.status == .seeOther)
            let location = try #require(redeemed.headers[.location])
            #expect(location.contains(code) && location.contains("2%20records%20added"), "\(location)")
            let customers = try stores.orders.agent.customers()
            #expect(customers.map(\.companyName) == ["Bar Sport", "Caffè Società Cooperativa"])
            #expect(customers.allSatisfy { $0.origin.isReadOnly })
            let notice = try await client.execute(uri: location, method: .get)
            #expect(notice.text.contains("2 records added"))

            let again = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", code)])
            #expect(again.status == .notFound)
            #expect(again.text.contains("unknown or was already used") && again.text.contains("value=\"\(code)\""))
            #expect(try stores.orders.agent.customers().count == 2)
        }
    }

    @Test func aCodeThatCannotBeOneIsRefusedWithoutAskingTheCompany() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await TestCompany.prepare(stores)
            try await Self.link(client)
            let short = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", "ABC")])
            #expect(short.status == .badRequest)
            #expect(short.text.contains("6 letters"))
            let zero = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", "ABCDE0")])
            #expect(zero.status == .badRequest)
            #expect(zero.text.contains("no I, O, 1 or 0"))
        }
    }

    @Test func aWrongPasswordIsReportedAndNothingStored() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await TestCompany.prepare(stores)
            let code = try await TestCompany.importCustomers(stores, "Bar Sport,\n")
            try await Self.link(client, password: "sbagliata-sbagliata")
            let refused = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", code)])
            #expect(refused.status == .unauthorized)
            #expect(refused.text.contains("pwdfail"))
            #expect(try stores.orders.agent.customers().isEmpty)
        }
    }

    @Test func withoutACompanyLinkTheScreenSaysToLinkFirst() async throws {
        try await withBottegaApp { client, _ in
            let refused = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", "KXPQRM")])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("Link this app to your company first"))
        }
    }

    /// Issue 40: an agent of two companies redeems BETA's code on BETA's subscription, not on
    /// the first one (ACME's, by name), which would call the code unknown.
    @Test func aCodeIsRedeemedOnTheSubscriptionOfTheCompanyThatGaveIt() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await TestCompany.prepare(stores)
            _ = try await stores.orders.company.addCompany(code: "BETA", name: "Beta Arredi")
            try await stores.orders.company.addAgent(company: "BETA", username: "mario.rossi", password: "un'altra password lunga")
            let code = try await stores.orders.company.importSpreadsheet(Array("Ragione sociale,Città\nHotel Beta,Rimini\n".utf8), kind: .customer, company: "BETA").code
            try await Self.link(client)
            let port = try #require(client.port)
            _ = try await AgentMasterData.post(client, "/orders/sync/link", [
                ("serverURL", "http://127.0.0.1:\(port)"), ("company", "BETA"), ("username", "mario.rossi"), ("password", "un'altra password lunga"),
            ])
            let beta = try #require(try stores.orders.agent.subscription(company: "BETA")?.id)
            let unchosen = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", code)])
            #expect(unchosen.status == .badRequest)
            #expect(unchosen.text.contains("Choose the company that gave you the code"))
            let redeemed = try await AgentMasterData.post(client, "/orders/sync/redeem", [("code", code), ("subscription", String(beta))])
            #expect(redeemed.status == .seeOther)
            let customers = try stores.orders.agent.customers()
            #expect(customers.map(\.companyName) == ["Hotel Beta"])
            guard case .synced(let company, _)? = customers.first?.origin else { Issue.record("not synced: \(customers)"); return }
            #expect(company == "BETA")
        }
    }

    /// Links the app to itself as ACME's server.
    static func link(_ client: any TestClientProtocol, password: String = "una password lunga") async throws {
        let port = try #require(client.port)
        let linked = try await AgentMasterData.post(client, "/orders/sync/link", [
            ("serverURL", "http://127.0.0.1:\(port)"), ("company", "ACME"), ("username", "mario.rossi"), ("password", password),
        ])
        #expect(linked.status == .seeOther)
    }
}
