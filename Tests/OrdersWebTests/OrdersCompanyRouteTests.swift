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

/// The company's sync endpoints over HTTP: the thesis's paths in plain text, and the JSON feed
/// with credentials in headers.
struct OrdersCompanyRouteTests {
    @Test func theThesisPathsAnswerInPlainText() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let base = "/orders/business/sottoscrizione"
            let check = try await client.execute(uri: "\(base)/check/codice/ACME/username/mario.rossi/password/una%20password%20lunga", method: .get)
            #expect(check.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(check.text == "updateok\n")
            let wrong = try await client.execute(uri: "\(base)/check/codice/ACME/username/mario.rossi/password/nope", method: .get)
            #expect(wrong.text == "pwdfail\n")
            let sync = try await client.execute(uri: "\(base)/sync/codice/ACME/username/mario.rossi/password/una%20password%20lunga/lastSync/2000-01-01%2000:00:00/udid/ipad-1", method: .get)
            let commands = try SyncResponse.parse(sync.text, company: "ACME").get()
            #expect(commands.count == 1)
            let badTime = try await client.execute(uri: "\(base)/sync/codice/ACME/username/mario.rossi/password/una%20password%20lunga/lastSync/ieri/udid/ipad-1", method: .get)
            #expect(badTime.text.hasPrefix("***"))
            try await stores.orders.company.endSubscription(company: "ACME", username: "mario.rossi")
            let ended = try await client.execute(uri: "\(base)/check/codice/ACME/username/mario.rossi/password/una%20password%20lunga", method: .get)
            #expect(ended.text == "deleted\n")
        }
    }

    @Test func theJSONFeedTakesCredentialsInHeaders() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let page = try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: TestCompany.agentHeaders)
            #expect(page.status == .ok)
            let body = try page.json()
            #expect((body["changes"] as? [Any])?.count == 1)
            let cursor = try #require(body["cursor"] as? String)
            let next = try await client.execute(uri: "/api/orders/business/changes?cursor=\(cursor)", method: .get, headers: TestCompany.agentHeaders)
            #expect((try next.json()["changes"] as? [Any])?.isEmpty == true)
            let anonymous = try await client.execute(uri: "/api/orders/business/changes", method: .get)
            #expect(anonymous.status == .unauthorized)
            var wrong = TestCompany.agentHeaders
            wrong[.authorization] = "Basic " + Data("mario.rossi:nope".utf8).base64EncodedString()
            #expect(try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: wrong).status == .unauthorized)
            let badCursor = try await client.execute(uri: "/api/orders/business/changes?cursor=abc", method: .get, headers: TestCompany.agentHeaders)
            #expect(badCursor.status == .badRequest)
            try await stores.orders.company.endSubscription(company: "ACME", username: "mario.rossi")
            #expect(try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: TestCompany.agentHeaders).status == .gone)
        }
    }

    @Test func anImportCodeIsRedeemedOnce() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let code = try await TestCompany.importCustomers(stores, "Caffè Società,Forlì\n")
            let customerID = try #require(try await stores.orders.company.masterData(company: "ACME").first { $0.kind == .customer }?.remoteID)
            let redeemed = try await client.execute(uri: "/api/orders/business/imports/\(code.lowercased())", method: .get, headers: TestCompany.agentHeaders)
            #expect(redeemed.status == .ok)
            #expect((try redeemed.json()["changes"] as? [[String: Any]])?.first?["remoteID"] as? String == customerID)
            let again = try await client.execute(uri: "/api/orders/business/imports/\(code)", method: .get, headers: TestCompany.agentHeaders)
            #expect(again.status == .notFound)
        }
    }

    /// An agent whose subscription ended gets no more of the company's data, imports included.
    @Test func anEndedSubscriptionCannotRedeemAnImport() async throws {
        try await withBottegaApp { client, stores in
            try await TestCompany.prepare(stores)
            let code = try await TestCompany.importCustomers(stores, "Caffè Società,Forlì\n")
            try await stores.orders.company.endSubscription(company: "ACME", username: "mario.rossi")
            let refused = try await client.execute(uri: "/api/orders/business/imports/\(code)", method: .get, headers: TestCompany.agentHeaders)
            #expect(refused.status == .gone)
            #expect(try await stores.orders.company.importCodes() == [code])
        }
    }
}
