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

/// The device's queue sends an order taken offline whole, under the key it made (issue 42):
/// the same key again — the page reloaded between send and answer, the answer lost — is the
/// same order, and the company registers it once.
struct DeviceOrderQueueTests {
    static func subscribe(_ client: any TestClientProtocol, _ stores: AppStores) async throws {
        try await OrdersWholePathTests.upload(stores)
        let port = try #require(client.port)
        let subscription = try await client.execute(uri: "/api/orders/subscriptions", method: .post, headers: .json(), body: jsonBody([
            "name": "Acme", "serverURL": "http://127.0.0.1:\(port)", "protocol": "feed", "company": "ACME", "username": "mario.rossi",
            "password": "una password lunga",
        ]))
        let id = try #require(try subscription.json()["id"] as? Int)
        _ = try await client.execute(uri: "/api/orders/subscriptions/\(id)/sync", method: .post)
    }

    static func body(_ stores: AppStores, send: Bool) throws -> ByteBuffer {
        let customer = try #require(try stores.orders.agent.customers().first?.id)
        let supplier = try #require(try stores.orders.agent.suppliers().first?.id)
        let product = try #require(try stores.orders.agent.products().first?.id)
        return jsonBody([
            "customerID": customer, "supplierID": supplier, "payment": "Bonifico 30 gg", "send": send,
            "recipients": ["customer": "acquisti@caffesocieta.it", "supplier": "ordini@mobilificio.it", "agentCopy": ""],
            "lines": [
                ["product": product, "quantity": 2, "price": "45,00", "discount": "5"],
                ["code": "CUSC-1", "description": "Cuscino imbottito", "price": "12,50", "quantity": 4],
            ],
        ])
    }

    @Test func theSameKeyIsOneOrderAtTheAgentAndAtTheCompany() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await Self.subscribe(client, stores)
            let key = UUID()
            let uri = "/api/orders/device-orders/\(key.uuidString)"
            // The device stores its draft before the network returns: the order is built, not sent.
            let draft = try await client.execute(uri: uri, method: .put, headers: .json(), body: try Self.body(stores, send: false))
            #expect(draft.status == .created, "\(draft.text)")
            // The page reloaded mid-send sends it again, now to be sent: still one order.
            let sent = try await client.execute(uri: uri, method: .put, headers: .json(), body: try Self.body(stores, send: true))
            #expect(sent.status == .created, "\(sent.text)")
            #expect((try sent.json()["state"] as? [String: Any])?["name"] as? String == "sent")
            // 2 × 45,00 − 5 % = 85,50; 4 × 12,50 = 50,00 (worked by hand).
            #expect((try sent.json()["totals"] as? [String: Any])?["net"] as? String == "135.50")
            // Its answer lost, the device asks once more: the order as it stands, not sent again.
            let again = try await client.execute(uri: uri, method: .put, headers: .json(), body: try Self.body(stores, send: true))
            #expect(again.status == .ok)
            let firstID = try sent.json()["id"] as? Int
            #expect(try again.json()["id"] as? Int == firstID)
            #expect(try stores.orders.agent.orders().count == 1, "one order at the agent")

            #expect(try stores.orders.agent.order(idempotencyKey: key)?.id.map(Int.init) == firstID)
            let received = try await stores.orders.company.receivedOrders(company: "ACME")
            #expect(received.count == 1)
            #expect(received.first?.submission.order.idempotencyKey == key, "the device's key reaches the company")
            #expect(received.first?.submission.order.lines.map(\.isFreeText) == [false, true])
        }
    }

    @Test func aCompanyThatDoesNotAnswerLeavesOneWaitingOrderWhateverTheDeviceRetries() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await Self.subscribe(client, stores)
            // The company's server moves away: the send cannot reach it.
            for subscription in try stores.orders.agent.subscriptions() {
                var moved = subscription
                moved.serverURL = URL(string: "http://127.0.0.1:9")!
                _ = try stores.orders.agent.save(moved)
            }
            let key = UUID()
            let uri = "/api/orders/device-orders/\(key.uuidString)"
            let first = try await client.execute(uri: uri, method: .put, headers: .json(), body: try Self.body(stores, send: true))
            #expect(first.status == .created, "\(first.text)")
            let state = (try first.json()["state"] as? [String: Any])?["name"] as? String
            #expect(state == "waiting" || state == "notSent", "\(first.text)")
            // The device did not hear back and tries again: the same order, not a second attempt.
            let again = try await client.execute(uri: uri, method: .put, headers: .json(), body: try Self.body(stores, send: true))
            #expect(again.status == .ok)
            #expect(try again.json()["id"] as? Int == (try first.json()["id"] as? Int))
            #expect(try stores.orders.agent.orders().count == 1)
        }
    }

    @Test func aBadKeyOrALineWithoutPriceIsRefusedAndLeavesNothing() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await Self.subscribe(client, stores)
            let bad = try await client.execute(uri: "/api/orders/device-orders/not-a-key", method: .put, headers: .json(), body: try Self.body(stores, send: false))
            let badCode = (try bad.json()["error"] as? [String: Any])?["code"] as? String
            #expect(bad.status == .badRequest && badCode == "bad_idempotency_key")
            let before = try stores.orders.agent.orders().count
            let key = UUID()
            let noPrice = try await client.execute(uri: "/api/orders/device-orders/\(key)", method: .put, headers: .json(), body: jsonBody([
                "lines": [["code": "X", "description": "typed without a price", "quantity": 1]],
            ]))
            let noPriceCode = (try noPrice.json()["error"] as? [String: Any])?["code"] as? String
            #expect(noPrice.status == .badRequest && noPriceCode == "missing_price")
            #expect(try stores.orders.agent.orders().count == before, "no half-built order stays")
            let longAddress = String(repeating: "a", count: 321)
            let tooLong = try await client.execute(uri: "/api/orders/device-orders/\(UUID())", method: .put, headers: .json(), body: jsonBody([
                "lines": [[String: Any]](), "recipients": ["customer": longAddress, "supplier": "", "agentCopy": ""],
            ]))
            #expect(tooLong.status == .badRequest, "an address longer than 320 characters, even when not sending")
        }
    }

    /// The page and the worker's Background Sync may send the same queued order at once.
    @Test func theSameKeySentTwiceAtOnceIsOneOrderSentOnce() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await Self.subscribe(client, stores)
            let uri = "/api/orders/device-orders/\(UUID().uuidString)"
            let body = try Self.body(stores, send: true)
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<8 { group.addTask { try await client.execute(uri: uri, method: .put, headers: .json(), body: body) } }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            #expect(answers.map(\.status.code).sorted() == [200, 200, 200, 200, 200, 200, 200, 201], "\(answers.map(\.text))")
            #expect(Set(try answers.map { try $0.json()["id"] as? Int }).count == 1)
            #expect(try stores.orders.agent.orders().count == 1)
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").count == 1)
        }
    }

    /// A queue left on a shared device by one account is not sent under another's: the page
    /// names its account, the device sends it with each order, and the server compares.
    @Test func anOrderTakenUnderAnotherAccountIsRefusedAndLeavesNothing() async throws {
        try await withBottegaApp(live: true) { client, stores in
            try await Self.subscribe(client, stores)
            let page = try await client.execute(uri: "/orders/device", method: .get)
            let account = try #require(page.text.firstMatch(of: /data-account="(account-\d+)"/)?.output.1).description
            var foreign = HTTPFields.json()
            foreign[HTTPField.Name("Bottega-Device-Account")!] = "account-999999"
            let refused = try await client.execute(uri: "/api/orders/device-orders/\(UUID())", method: .put, headers: foreign, body: try Self.body(stores, send: true))
            let code = (try refused.json()["error"] as? [String: Any])?["code"] as? String
            #expect(refused.status == .conflict && code == "another_account", "\(refused.text)")
            #expect(try stores.orders.agent.orders().isEmpty)
            #expect(try await stores.orders.company.receivedOrders(company: "ACME").isEmpty)

            var own = HTTPFields.json()
            own[HTTPField.Name("Bottega-Device-Account")!] = account
            let taken = try await client.execute(uri: "/api/orders/device-orders/\(UUID())", method: .put, headers: own, body: try Self.body(stores, send: true))
            #expect(taken.status == .created, "\(taken.text)")
        }
    }
}
