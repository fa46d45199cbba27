@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// The agent's screens, as a browser without JavaScript uses them; the app is its own company
/// server here, over a real socket, as an agent's Bottega syncs with another Bottega.
struct AgentScreenTests {
    @Test func linkSyncWriteAndSendAnOrderOnTheScreens() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await OrdersWholePathTests.upload(stores)
            let port = try #require(client.port)
            let linked = try await client.execute(uri: "/orders/sync/link", method: .post, headers: .form(), body: formBody([
                ("serverURL", "http://127.0.0.1:\(port)"), ("company", "ACME"), ("username", "mario.rossi"), ("password", "una password lunga"),
            ]))
            #expect(linked.status == .seeOther)
            let synced = try await client.execute(uri: "/orders/sync/now", method: .post)
            #expect(synced.status == .seeOther)
            #expect(synced.headers[.location]?.contains("3%20updated") == true, "\(synced.headers[.location] ?? "")")
            let customers = try await client.execute(uri: "/orders/customers", method: .get)
            #expect(customers.text.contains("Caffè Società Cooperativa") && customers.text.contains("from the company"))

            let created = try await client.execute(uri: "/orders/new", method: .post)
            let path = try #require(created.headers[.location])
            let customer = try #require(try stores.orders.agent.customers().first?.id)
            let supplier = try #require(try stores.orders.agent.suppliers().first?.id)
            let product = try #require(try stores.orders.agent.products().first?.id)
            _ = try await client.execute(uri: path, method: .post, headers: .form(), body: formBody([("customer", String(customer)), ("supplier", String(supplier)), ("notes", "Consegna entro venerdì")]))
            // Below the product's minimum of 2: saved as typed, refused when sending.
            _ = try await client.execute(uri: "\(path)/lines", method: .post, headers: .form(), body: formBody([("product", String(product)), ("quantity", "1")]))
            let refused = try await client.execute(uri: "\(path)/send", method: .post)
            #expect(refused.status == .seeOther)
            let notSent = try await client.execute(uri: path, method: .get)
            #expect(notSent.text.contains("Not sent:") && notSent.text.contains("Resend"))
            _ = try await client.execute(uri: "\(path)/lines/0", method: .post, headers: .form(), body: formBody([("quantity", "4")]))
            let sent = try await client.execute(uri: "\(path)/send", method: .post)
            #expect(sent.status == .seeOther)
            let page = try await client.execute(uri: path, method: .get)
            #expect(page.text.contains("the company has it"))
            // 4 × 49,90 € = 199,60 €.
            #expect(page.text.contains("199,60 €"))
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").count == 1)
            let history = try await client.execute(uri: "/orders", method: .get)
            #expect(history.text.contains("Caffè Società Cooperativa") && history.text.contains("state-sent"))
        }
    }

    @Test func badInputOnTheScreensIsRefusedWithAReason() async throws {
        try await withBottegaApp { client, _ in
            let noLink = try await client.execute(uri: "/orders/sync/now", method: .post)
            #expect(noLink.status == .badRequest)
            let badURL = try await client.execute(uri: "/orders/sync/link", method: .post, headers: .form(), body: formBody([
                ("serverURL", "not a url"), ("company", "ACME"), ("username", "u"), ("password", "p"),
            ]))
            #expect(badURL.status == .badRequest)
            let missing = try await client.execute(uri: "/orders/404", method: .get)
            #expect(missing.status == .notFound)
            let noName = try await client.execute(uri: "/orders/customers", method: .post, headers: .form(), body: formBody([("companyName", "  ")]))
            #expect(noName.status == .badRequest)
            let manual = try await client.execute(uri: "/orders/manual", method: .get)
            #expect(manual.text.contains("Resend"))
        }
    }
}

/// The `||` files: what the agent exports imports back whole; a bad file stores nothing.
struct AgentExchangeTests {
    @Test func anExportedFileImportsBackAndABadOneIsRefusedWhole() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            let supplier = try agent.save(Supplier(name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it"))
            _ = try agent.save(Customer(companyName: "Caffè Società Cooperativa", city: "Forlì"))
            _ = try agent.save(Product(code: "SEDIA-01", supplierID: try #require(supplier.id), description: "Sedia", price: try #require(Money("49.90")), minimumQuantity: 2))
            let response = try await client.execute(uri: "/orders/exchange/export.txt", method: .get)
            #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            let exported = response.text
            #expect(exported.contains("cliente||Caffè Società Cooperativa"))
            for kind in [MasterDataKind.product, .customer, .supplier] { _ = try agent.deleteAllLocal(kind) }
            #expect(try agent.customers().isEmpty)

            let (headers, body) = multipartBody(field: "file", filename: "anagrafiche.txt", bytes: Array(exported.utf8))
            let imported = try await client.execute(uri: "/orders/exchange/import", method: .post, headers: headers, body: body)
            #expect(imported.status == .seeOther)
            #expect(try agent.products().first?.price == UnitPrice("49.90"))
            #expect(try agent.customers().first?.city == "Forlì")

            let bad = "cliente||Bar Sport\nprodotto||X-1||Sedia||1||abc\n"
            let (badHeaders, badBody) = multipartBody(field: "file", filename: "bad.txt", bytes: Array(bad.utf8))
            let refused = try await client.execute(uri: "/orders/exchange/import", method: .post, headers: badHeaders, body: badBody)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("2"))
            #expect(try agent.customers().count == 1)
        }
    }
}
