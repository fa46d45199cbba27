@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import OrderTransport
import Testing

/// Issue 40, faults 1–3: a sent order is the document the company mailed. It survives a
/// re-upload of the company's sheets, a lost answer cannot be followed by an edit that makes the
/// agent's copy differ from the supplier's, and an order goes only to its supplier's company.
struct SentOrderSnapshotTests {
    /// Forwards every request; the first `losing` answers are lost on the way back (the company
    /// stored the order, the agent never hears it).
    final class LossyTransport: CompanyTransport, @unchecked Sendable {
        let inner: any CompanyTransport
        private let lock = NSLock()
        private var losing: Int
        private(set) var bodies: [[UInt8]] = []

        init(_ inner: any CompanyTransport, losing: Int) {
            self.inner = inner
            self.losing = losing
        }

        func send(_ request: CompanyRequest) async throws -> CompanyResponse {
            let response = try await inner.send(request)
            let lose = lock.withLock {
                if request.path.hasSuffix("/orders") { bodies.append(request.body ?? []) }
                defer { losing -= 1 }
                return losing > 0
            }
            if lose { throw CompanyTransportFailure.connectionLost(host: "127.0.0.1") }
            return response
        }
    }

    /// A synced agent with a draft for Caffè: 12 chairs at 49,90, no discount.
    static func syncedDraft(_ transport: any CompanyTransport) async throws -> (AgentStore, Int64) {
        let agent = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        try agent.save(Agent(name: "Mario Rossi", email: "mario.rossi@example.it"))
        _ = try await AgentSyncClient(transport: transport, account: OrdersWholePathTests.account).sync(into: agent)
        var order = try agent.createDraft(date: Date(timeIntervalSince1970: 1_800_000_000))
        order.customerID = try agent.customers().first?.id
        order.supplierID = try agent.suppliers().first?.id
        order = try agent.update(order)
        let id = try #require(order.id)
        _ = try agent.addLine(orderID: id, productID: try #require(try agent.products().first?.id), quantity: 12)
        return (agent, id)
    }

    @Test func aLostAnswerThenAnEditChangesNothingTheSupplierDidNotGet() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let http = HTTPCompanyTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let lossy = LossyTransport(http, losing: 1)
            let (agent, id) = try await Self.syncedDraft(http)
            let sender = OrderSender(transport: lossy, account: OrdersWholePathTests.account)
            let corrected = OrderRecipients(customer: "bar@caffe.example", supplier: "vendite@mobilificio.example", agentCopy: "mario@rossi.example")

            let first = try await sender.send(orderID: id, from: agent, recipients: corrected)
            guard case .waiting = first.state else { Issue.record("expected waiting, got \(first.state)"); return }
            // The company has it; the agent does not know. Editing it now would make the two differ.
            #expect(throws: AgentStoreError.orderLocked(id)) { try agent.changeQuantity(orderID: id, lineIndex: 0, quantity: 48) }
            let tenEuro = UnitPrice(try #require(Money("10")))
            #expect(throws: AgentStoreError.orderLocked(id)) { try agent.addFreeTextLine(orderID: id, code: "X", description: "Tavolo", unitPrice: tenEuro, quantity: 1) }

            // The automatic resend posts the same bytes, corrected recipients included.
            #expect(try await sender.resendWaiting(from: agent) == 1)
            #expect(lossy.bodies.count == 2 && lossy.bodies[0] == lossy.bodies[1])
            let sent = try #require(try agent.order(id: id))
            guard case .sent = sent.state else { Issue.record("expected sent, got \(sent.state)"); return }
            let received = try await stores.orders.company.receivedOrders(company: "ACME")
            #expect(received.count == 1 && received.first?.number == sent.companyNumber)
            // 12 × 49,90 = 598,80 on both sides.
            #expect(try received.first?.order.totals().net == Money("598.80"))
            #expect(try agent.totals(of: id).net == Money("598.80"))
            #expect(received.first?.submission.supplier.email == "vendite@mobilificio.example")
            #expect(received.first?.submission.customer.email == "bar@caffe.example")
            // Sending a sent order again is refused, never a 500.
            await #expect(throws: AgentStoreError.orderAlreadySent(id)) { try await sender.send(orderID: id, from: agent) }
        }
    }

    @Test func aSentOrdersPDFIsTheMailedOneAndOutlivesARemovedCustomer() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let http = HTTPCompanyTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let (agent, id) = try await Self.syncedDraft(http)
            let sent = try await OrderSender(transport: http, account: OrdersWholePathTests.account).send(orderID: id, from: agent, companyName: "ACME")
            guard case .sent = sent.state else { Issue.record("expected sent, got \(sent.state)"); return }
            let mailed = try #require(try await stores.orders.outbox.pending().first?.message.attachments.first?.content)
            let kept = try #require(try agent.snapshot(orderID: id)?.document)
            #expect(kept == mailed)
            // Headed with the company's own name, not the subscription's.
            #expect(try agent.snapshot(orderID: id)?.companyName == "Acme Forniture S.p.A.")

            // The company moves Caffè, then drops it from a whole-list upload.
            let csv = { (text: String) in Array(text.utf8) }
            _ = try await stores.orders.company.importSpreadsheet(csv("""
                id;ragione sociale;e-mail;città
                C1;Caffè Società Cooperativa;nuovo@caffesocieta.it;Cesena
                """), kind: .customer, company: "ACME")
            _ = try await AgentSyncClient(transport: http, account: OrdersWholePathTests.account).sync(into: agent)
            #expect(try agent.customers().first?.city == "Cesena")
            _ = try await stores.orders.company.importSpreadsheet(csv("""
                id;ragione sociale;e-mail;città
                C2;Bar Sport;bar@sport.example;Rimini
                """), kind: .customer, company: "ACME", isWholeList: true)
            _ = try await AgentSyncClient(transport: http, account: OrdersWholePathTests.account).sync(into: agent)
            #expect(try agent.customers().map(\.companyName) == ["Bar Sport"])

            let stored = try #require(try agent.order(id: id))
            let document = try AgentOrderDocument.pdf(of: stored, from: agent)
            #expect(document.bytes == mailed)
            let frozen = try #require(try agent.snapshot(orderID: id))
            #expect(frozen.submission.customer.companyName == "Caffè Società Cooperativa" && frozen.submission.customer.city == "Forlì")
            #expect(frozen.submission.customer.email == "acquisti@caffesocieta.it")
            await #expect(throws: AgentStoreError.orderAlreadySent(id)) {
                try await OrderSender(transport: http, account: OrdersWholePathTests.account).send(orderID: id, from: agent)
            }
        }
    }

    @Test func anOrderForAHandEnteredSupplierGoesToNoCompany() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let linked = try await client.execute(uri: "/orders/sync/link", method: .post, headers: .form(), body: formBody([
                ("serverURL", "http://127.0.0.1:\(port)"), ("company", "ACME"), ("username", "mario.rossi"), ("password", "una password lunga"),
            ]))
            #expect(linked.status == .seeOther)
            _ = try await client.execute(uri: "/orders/sync/now", method: .post)
            let agent = stores.orders.agent
            try agent.save(Agent(name: "Mario Rossi", email: "mario.rossi@example.it"))
            let own = try agent.save(Supplier(name: "Falegnameria Bianchi", email: "ordini@bianchi.example"))
            let product = try agent.save(Product(code: "TAV-1", supplierID: try #require(own.id), description: "Tavolo", price: try #require(Money("120"))))
            var order = try agent.createDraft(date: Date(timeIntervalSince1970: 1_800_000_000))
            order.customerID = try agent.customers().first?.id
            order.supplierID = own.id
            order = try agent.update(order)
            let id = try #require(order.id)
            _ = try agent.addLine(orderID: id, productID: try #require(product.id), quantity: 1)
            let draft = try #require(try agent.order(id: id))
            #expect(try agent.subscription(forOrder: draft) == nil)

            let page = try await client.execute(uri: "/orders/\(id)", method: .get)
            #expect(page.text.contains("belongs to none of your companies"))
            let refused = try await client.execute(uri: "/api/orders/orders/\(id)/send", method: .post)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("no_company_for_supplier"))
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").isEmpty)
            // The PDF to send by hand: a draft, numbered by no company.
            let pdf = try await client.execute(uri: "/orders/\(id)/pdf", method: .get)
            #expect(pdf.status == .ok)
            let text = try PDFText.extract(Array(pdf.body.readableBytesView))
            #expect(text.contains("Falegnameria Bianchi") && text.contains("bozza"))
        }
    }
}
