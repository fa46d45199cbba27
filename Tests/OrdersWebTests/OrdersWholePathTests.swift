@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Credentials
import Amounts
import Foundation
import GRDB
import TestSupport
import Mail
import OrderCompany
import OrderKit
import OrderTransport
import Testing

/// The issue's whole path, over real HTTP and SMTP on 127.0.0.1: the company uploads a
/// spreadsheet → an agent syncs → writes an order offline → sends it (and sends it again) →
/// the company stores it once → its PDF reaches supplier, customer and agent.
@Suite(.enabled(if: SMTPSink.isAvailable, Comment(rawValue: SMTPSink.skipReason)))
struct OrdersWholePathTests {
    static let account = CompanyAccount(company: "ACME", username: "mario.rossi", password: "una password lunga")

    static func upload(_ stores: AppStores) async throws {
        _ = try await stores.orders.company.addCompany(code: "ACME", name: "Acme Forniture S.p.A.")
        try await stores.orders.company.addAgent(company: "ACME", username: "mario.rossi", password: "una password lunga")
        let csv = { (text: String) in Array(text.utf8) }
        _ = try await stores.orders.company.importSpreadsheet(csv("""
            id;nome;e-mail;città
            F1;Mobilificio Città di Castello;ordini@mobilificio.it;Città di Castello
            """), kind: .supplier, company: "ACME")
        _ = try await stores.orders.company.importSpreadsheet(csv("""
            id;ragione sociale;e-mail;città
            C1;Caffè Società Cooperativa;acquisti@caffesocieta.it;Forlì
            """), kind: .customer, company: "ACME")
        _ = try await stores.orders.company.importSpreadsheet(csv("""
            codice;fornitore;descrizione;prezzo;quantità minima
            SEDIA-01;F1;Sedia in faggio;49,90;2
            """), kind: .product, company: "ACME")
    }

    @Test func fromSpreadsheetToThreeMailboxes() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        try await withBottegaApp(live: true) { client, stores in
            try await Self.upload(stores)
            let port = try #require(client.port)
            let transport = HTTPCompanyTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let agent = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
            try agent.save(Agent(name: "Mario Rossi", email: "mario.rossi@example.it"))

            let outcome = try await AgentSyncClient(transport: transport, account: Self.account).sync(into: agent)
            guard case .synced(let summary, _) = outcome else { Issue.record("expected a sync, got \(outcome)"); return }
            #expect(summary.upserted == 3)
            let customer = try #require(try agent.customers().first)
            let supplier = try #require(try agent.suppliers().first)
            let product = try #require(try agent.products().first)
            #expect(customer.origin.isReadOnly && product.price == UnitPrice("49.90"))

            // Offline: nothing here talks to the company.
            var order = try agent.createDraft(date: Date(timeIntervalSince1970: 1_800_000_000))
            order.customerID = customer.id
            order.supplierID = supplier.id
            order.notes = "Consegna entro venerdì"
            order = try agent.update(order)
            order = try agent.addLine(orderID: try #require(order.id), productID: try #require(product.id), quantity: 4)

            let sender = OrderSender(transport: transport, account: Self.account)
            let sent = try await sender.send(orderID: try #require(order.id), from: agent)
            guard case .sent = sent.state else { Issue.record("not sent: \(sent.state)"); return }
            // A sent order is not sent twice (a lost answer is `SentOrderSnapshotTests`'s case).
            await #expect(throws: AgentStoreError.self) { try await sender.send(orderID: try #require(order.id), from: agent) }
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").count == 1)

            let smtp = try SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)?from=ordini@acme.example")
            let report = try await stores.orders.outbox.deliverDue { try await SMTPClient().send($0, using: smtp) }
            #expect(report.sent.count == 1, "\(report.failed)")
            let mail = try #require(try sink.message(1))
            #expect(Set(mail.rcpt_tos) == ["ordini@mobilificio.it", "acquisti@caffesocieta.it", "mario.rossi@example.it"])
            // Each company numbers its own orders from 1: the subject says whose.
            #expect(mail.subject == "Ordine n. 1 di Acme Forniture S.p.A. — Caffè Società Cooperativa")
            let attachment = try #require(mail.parts.first { $0.type == "application/pdf" })
            let text = try PDFText.extract(attachment.content)
            #expect(text.contains("Caffè Società Cooperativa") && text.contains("SEDIA-01") && text.contains("Consegna entro venerdì"))
        }
    }

    @Test func aWrongPasswordAndAnEndedSubscriptionReachTheAgent() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await Self.upload(stores)
            let port = try #require(client.port)
            let transport = HTTPCompanyTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let agent = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
            var wrong = Self.account
            wrong.password = "sbagliata-sbagliata"
            await #expect(throws: AgentSyncClient.Failure.wrongPassword) { try await AgentSyncClient(transport: transport, account: wrong).sync(into: agent) }
            _ = try await AgentSyncClient(transport: transport, account: Self.account).sync(into: agent)
            #expect(try agent.customers().count == 1)
            try await stores.orders.company.endSubscription(company: "ACME", username: "mario.rossi")
            let ended = try await AgentSyncClient(transport: transport, account: Self.account).sync(into: agent)
            #expect(ended == .subscriptionEnded)
            #expect(try agent.customers().isEmpty && agent.suppliers().isEmpty && agent.products().isEmpty)
        }
    }

    @Test func anUnreachableCompanyLeavesTheOrderWaitingWithTheReason() async throws {
        let agent = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        let supplier = try agent.save(Supplier(name: "Mobilificio", email: "ordini@mobilificio.it"))
        let customer = try agent.save(Customer(companyName: "Bar Sport"))
        let product = try agent.save(Product(code: "SEDIA-01", supplierID: try #require(supplier.id), price: try #require(Money("10.00"))))
        var order = try agent.createDraft(date: Date())
        order.customerID = customer.id
        order.supplierID = supplier.id
        order = try agent.update(order)
        order = try agent.addLine(orderID: try #require(order.id), productID: try #require(product.id), quantity: 1)
        // Port 9 (discard) answers nothing on 127.0.0.1.
        let transport = HTTPCompanyTransport(baseURL: try #require(URL(string: "http://127.0.0.1:9")), timeout: .seconds(5))
        let result = try await OrderSender(transport: transport, account: Self.account).send(orderID: try #require(order.id), from: agent)
        guard case .waiting(let reason) = result.state else { Issue.record("expected waiting, got \(result.state)"); return }
        #expect(reason == "the company's server 127.0.0.1:9 cannot be reached: check the address and the connection; the order is sent again by itself when the server answers")
        #expect(try agent.ordersWaitingToResend() == [try #require(order.id)])
    }
}
