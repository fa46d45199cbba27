@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// The agent's working day on the screens and their JSON twins, against one Bottega that is
/// both the company (on a real socket on 127.0.0.1) and the agent.
struct AgentWorkingDayTests {
    /// A subscription that speaks only the thesis's protocol: `check`, then `sync` with
    /// `lastSync` and `udid`, answered in `||` lines.
    @Test func aThesisProtocolSubscriptionSyncsOnTheSyncScreen() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let linked = try await client.execute(uri: "/orders/sync/link", method: .post, headers: .form(), body: formBody([
                ("name", "Acme (Order Sender)"), ("serverURL", "http://127.0.0.1:\(port)/orders/business"), ("protocol", "thesis"),
                ("company", "ACME"), ("username", "mario.rossi"), ("password", "una password lunga"),
            ]))
            #expect(linked.status == .seeOther)
            let synced = try await client.execute(uri: "/orders/sync/now", method: .post)
            #expect(synced.headers[.location]?.contains("3%20updated") == true, "\(synced.headers[.location] ?? "")")
            #expect(try stores.orders.agent.products().map(\.code) == ["SEDIA-01"])
            #expect(try stores.orders.agent.lastThesisSync(company: "ACME") != nil)
            // Again: lastSync has whole seconds, so what changed in its second comes once more
            // (never lost), and applying it again changes nothing.
            let again = try await client.execute(uri: "/orders/sync/now", method: .post)
            #expect(again.status == .seeOther)
            #expect(try stores.orders.agent.products().map(\.code) == ["SEDIA-01"])
            #expect(try stores.orders.agent.customers().count == 1)
            let page = try await client.execute(uri: "/orders/sync", method: .get)
            #expect(page.text.contains("Acme (Order Sender)") && page.text.contains("Order Sender (||)"))
            // A wrong password is said as such.
            _ = try await client.execute(uri: "/orders/sync/link", method: .post, headers: .form(), body: formBody([
                ("name", "Acme (Order Sender)"), ("serverURL", "http://127.0.0.1:\(port)/orders/business"), ("protocol", "thesis"),
                ("company", "ACME"), ("username", "mario.rossi"), ("password", "sbagliata sbagliata"),
            ]))
            let refused = try await client.execute(uri: "/orders/sync/now", method: .post)
            #expect(refused.status == .badGateway && refused.text.contains("pwdfail"))
        }
    }

    @Test func ordersThroughTheAPIWithFreeTextOverridesCopiesAndPDF() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let subscription = try await client.execute(uri: "/api/orders/subscriptions", method: .post, headers: .json(), body: jsonBody([
                "name": "Acme", "serverURL": "http://127.0.0.1:\(port)", "protocol": "feed", "company": "ACME", "username": "mario.rossi",
                "password": "una password lunga",
            ]))
            #expect(subscription.status == .created)
            let subscriptionID = try #require(try subscription.json()["id"] as? Int)
            #expect(try subscription.json()["password"] == nil)
            let synced = try await client.execute(uri: "/api/orders/subscriptions/\(subscriptionID)/sync", method: .post)
            #expect(try synced.json()["upserted"] as? Int == 3)

            let customer = try #require(try stores.orders.agent.customers().first?.id)
            let supplier = try #require(try stores.orders.agent.suppliers().first?.id)
            let product = try #require(try stores.orders.agent.products().first?.id)
            let created = try await client.execute(uri: "/api/orders/orders", method: .post, headers: .json(), body: jsonBody([
                "customerID": customer, "supplierID": supplier, "payment": "Bonifico 30 gg",
            ]))
            #expect(created.status == .created)
            let id = try #require(try created.json()["id"] as? Int)
            _ = try await client.execute(uri: "/api/orders/orders/\(id)/lines", method: .post, headers: .json(), body: jsonBody(["product": product, "quantity": 2]))
            let free = try await client.execute(uri: "/api/orders/orders/\(id)/lines", method: .post, headers: .json(), body: jsonBody([
                "code": "CUSC-1", "description": "Cuscino imbottito", "price": "12,50", "quantity": 4,
            ]))
            #expect(free.status == .created, "\(free.text)")
            let overridden = try await client.execute(uri: "/api/orders/orders/\(id)/lines/0", method: .put, headers: .json(), body: jsonBody([
                "price": "45,00", "discount": "5",
            ]))
            let lines = try #require(try overridden.json()["lines"] as? [[String: Any]])
            #expect(lines.map { $0["isPriceOverridden"] as? Bool } == [true, false])
            #expect(lines.map { $0["isFreeText"] as? Bool } == [false, true])
            // 2 × 45,00 − 5 % = 85,50; 4 × 12,50 = 50,00.
            #expect((try overridden.json()["totals"] as? [String: Any])?["net"] as? String == "135.50")

            let bad = try await client.execute(uri: "/api/orders/orders/\(id)/lines/0", method: .put, headers: .json(), body: jsonBody(["price": "dodici"]))
            #expect(bad.status == .badRequest && bad.text.contains("dodici"))
            let missing = try await client.execute(uri: "/api/orders/orders/\(id)/lines/9", method: .put, headers: .json(), body: jsonBody(["quantity": 1]))
            #expect(missing.status == .notFound)

            let sent = try await client.execute(uri: "/api/orders/orders/\(id)/send", method: .post, headers: .json(), body: jsonBody([
                "recipients": ["customer": "acquisti@caffesocieta.it", "supplier": "ordini@mobilificio.it", "agentCopy": ""],
            ]))
            #expect((try sent.json()["state"] as? [String: Any])?["name"] as? String == "sent")
            #expect(try sent.json()["companyNumber"] as? Int == 1)
            let stored = try #require(try await stores.orders.company.receivedOrders(company: "ACME").first)
            #expect(stored.submission.order.lines.map(\.isFreeText) == [false, true])

            let sentPage = try await client.execute(uri: "/orders/\(id)", method: .get)
            #expect(sentPage.text.contains("id=\"order-sent-header\"") && sentPage.text.contains("Caffè Società Cooperativa"))
            #expect(sentPage.text.contains("Bonifico 30 gg") && sentPage.text.contains("Cuscino imbottito"))
            let pdf = try await client.execute(uri: "/orders/\(id)/pdf", method: .get)
            #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf")
            let copy = try await client.execute(uri: "/api/orders/orders/\(id)/copy", method: .post)
            #expect(copy.status == .created)
            #expect((try copy.json()["lines"] as? [[String: Any]])?.count == 2)

            let mine = try await client.execute(uri: "/api/orders/orders?customer=\(customer)", method: .get)
            #expect((try mine.json()["orders"] as? [[String: Any]])?.count == 2)
            let none = try await client.execute(uri: "/api/orders/orders?supplier=999", method: .get)
            #expect((try none.json()["orders"] as? [[String: Any]])?.isEmpty == true)
            let history = try await client.execute(uri: "/orders?customer=\(customer)", method: .get)
            #expect(history.status == .ok && history.text.contains("selected"))
            #expect(try await client.execute(uri: "/api/orders/orders/999", method: .get).status == .notFound)
        }
    }

    @Test func theOrderFormOffersFreeTextOverrideCopyAndRecipients() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let created = try await client.execute(uri: "/orders/new", method: .post)
            let path = try #require(created.headers[.location])
            let added = try await client.execute(uri: "\(path)/free-lines", method: .post, headers: .form(), body: formBody([
                ("code", "CUSC-1"), ("description", "Cuscino"), ("price", "12,50"), ("quantity", "2"), ("discount", ""),
            ]))
            #expect(added.status == .seeOther, "\(added.text)")
            let overridden = try await client.execute(uri: "\(path)/lines/0/override", method: .post, headers: .form(), body: formBody([
                ("price", "11,00"), ("discount", "10"),
            ]))
            #expect(overridden.status == .seeOther, "\(overridden.text)")
            let page = try await client.execute(uri: path, method: .get)
            #expect(page.text.contains("not in the price list") && page.text.contains("19,80 €"))
            // A line without a discount says none (not the order's discount total).
            _ = try await client.execute(uri: "\(path)/lines/0/override", method: .post, headers: .form(), body: formBody([("price", "11,00"), ("discount", "")]))
            let plain = try await client.execute(uri: path, method: .get)
            #expect(!plain.text.contains("sconto 0,00"))
            #expect(page.text.contains("name=\"supplierEmail\"") && page.text.contains("orders-autosave.js"))
            let badPrice = try await client.execute(uri: "\(path)/free-lines", method: .post, headers: .form(), body: formBody([
                ("code", "X"), ("description", "X"), ("price", "tanto"), ("quantity", "1"),
            ]))
            #expect(badPrice.status == .badRequest && badPrice.text.contains("tanto"))
            let copied = try await client.execute(uri: "\(path)/copy", method: .post)
            #expect(copied.status == .seeOther && copied.headers[.location] != path)
            #expect(try stores.orders.agent.orders().count == 2)
        }
    }
}

/// The Sync screen's background sync: its progress, then what happened.
struct AgentSyncJobTests {
    @Test func aSyncJobReportsItsProgressAndItsOutcome() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let subscription = try stores.orders.agent.save(Subscription(
                name: "Acme", serverURL: URL(string: "http://127.0.0.1:\(port)/orders/business")!,
                account: CompanyAccount(company: "ACME", username: "mario.rossi", password: "una password lunga"), syncProtocol: .thesis))
            let started = try await client.execute(uri: "/api/orders/subscriptions/\(subscription.id!)/sync-jobs", method: .post)
            #expect(started.status == .accepted)
            let job = try #require(try started.json()["job"] as? String)
            var state = "running"
            var status: [String: Any] = [:]
            // Polled up to 30 s: the sync is quick alone, but a loaded 2-core machine can stretch it.
            let deadline = ContinuousClock.now + .seconds(30)
            while state == "running", ContinuousClock.now < deadline {
                status = try await client.execute(uri: "/api/orders/sync-jobs/\(job)", method: .get).json()
                state = status["state"] as? String ?? "?"
                if state == "running" { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(state == "done")
            #expect(status["applied"] as? Int == 3 && status["total"] as? Int == 3)
            #expect((status["message"] as? String)?.contains("Acme: 3 updated") == true)
            // The screen's page for a finished sync goes back to the Sync screen with the message.
            let page = try await client.execute(uri: "/orders/sync/jobs/\(job)", method: .get)
            #expect(page.status == .seeOther && page.headers[.location]?.contains("3%20updated") == true)
            #expect(try await client.execute(uri: "/api/orders/sync-jobs/\(UUID().uuidString)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/orders/sync-jobs/nonsense/cancel", method: .post).status == .notFound)
        }
    }
}
