@testable import BarcodesWeb
@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Issue 23: Scholar's searches and the Orders agent's data had no owner and no log-in: with no
/// credentials at all, `GET /api/orders/customers` listed the customers and `PUT
/// /api/orders/agent` redirected every copy of every order. They now belong to an account.
@Suite struct AccountTests {
    static let bibtex = """
        @article{rossi2001, title={Sulla misura della ricerca}, author={Rossi, Ada and Bianchi, Carlo}, journal={Scientometrics}, year={2001}}
        @article{rossi2005, title={Citazioni e indici}, author={Rossi, Ada}, journal={Scientometrics}, year={2005}}
        """

    /// Imports the BibTeX above as `jar`'s account; returns the new search's id.
    static func importSearch(_ client: any TestClientProtocol, jar: CookieJar) async throws -> Int64 {
        var (headers, body) = multipartBody(field: "file", filename: "rossi.bib", bytes: Array(bibtex.utf8))
        headers.append(contentsOf: jar.header)
        let response = try await client.execute(uri: "/scholar/import", method: .post, headers: headers, body: body)
        #expect(response.status == .seeOther, "\(response.text)")
        let location = response.headers[.location] ?? ""
        return try #require(Int64(location.split(separator: "/").last.map(String.init) ?? ""), "redirected to \(location)")
    }

    @Test func withoutASessionEveryPrivateRouteAsksForALogIn() async throws {
        try await withBottegaApp(singleUser: false) { client, _ in
            for (uri, method) in [
                ("/api/scholar/searches", HTTPRequest.Method.get), ("/api/orders/customers", .get), ("/api/orders/agent", .get),
                ("/api/orders/agent", .put), ("/api/orders/orders", .get), ("/api/barcodes/codes", .get), ("/api/barcodes/codes", .post),
            ] {
                let response = try await client.execute(uri: uri, method: method, headers: .json(), body: jsonBody(["email": "mallory@example.org", "text": "4006381333931"]))
                #expect(response.status == .unauthorized, "\(method) \(uri)")
                #expect(try (response.json()["error"] as? [String: Any])?["code"] as? String == "login_required", "\(method) \(uri)")
            }
            // A screen sends the browser to the log-in form, which comes back to it.
            let screen = try await client.execute(uri: "/scholar/history", method: .get)
            #expect(screen.status == .seeOther)
            #expect(screen.headers[.location] == "/barcodes/profile?next=/scholar/history")
            let orders = try await client.execute(uri: "/orders/customers?q=bar", method: .get)
            #expect(orders.headers[.location] == "/barcodes/profile?next=/orders/customers%3Fq%3Dbar")
            let form = try await client.execute(uri: "/barcodes/profile?next=/scholar/history", method: .get)
            #expect(form.text.contains("name=\"next\" value=\"/scholar/history\""))
            #expect(!form.text.contains("shared profile"))
            // Public tools need no account: the tickets catalogue, encoding a barcode.
            #expect(try await client.execute(uri: "/api/tickets/provinces", method: .get).status == .ok)
        }
    }

    @Test func logInGoesBackToThePageThatAskedAndNeverToAnotherSite() async throws {
        try await withBottegaApp(singleUser: false) { client, _ in
            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            for (next, expected) in [("/scholar/history", "/scholar/history"), ("//evil.example/x", "/barcodes/history"),
                                     ("https://evil.example", "/barcodes/history"), ("/\\evil.example", "/barcodes/history")] {
                let response = try await client.execute(
                    uri: "/barcodes/login", method: .post, headers: .form(),
                    body: formBody([("nickname", "ada"), ("password", "s3cret-passphrase"), ("next", next)]))
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == expected, "next \(next)")
            }
        }
    }

    @Test func oneAccountSeesNoneOfAnothersSearchesOrdersOrAgentDetails() async throws {
        try await withBottegaApp(singleUser: false) { client, _ in
            var ada = CookieJar(), bob = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            try await TestAccounts.signUp(client, "bob", jar: &bob)

            let search = try await Self.importSearch(client, jar: ada)
            let customer = try await client.execute(
                uri: "/api/orders/customers", method: .post, headers: .json(ada.header), body: jsonBody(["companyName": "Bar Sport", "city": "Forlì"]))
            #expect(customer.status == .created, "\(customer.text)")
            let customerID = try #require(try customer.json()["id"] as? Int)
            let agent = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: .json(ada.header), body: jsonBody(["name": "Ada Rossi", "email": "ada@example.org"]))
            #expect(agent.status == .ok, "\(agent.text)")
            let order = try await client.execute(uri: "/api/orders/orders", method: .post, headers: .json(ada.header), body: jsonBody(["customerID": customerID]))
            #expect(order.status == .created, "\(order.text)")
            let orderID = try #require(try order.json()["id"] as? Int)

            // Ada sees hers.
            #expect(try await client.execute(uri: "/api/scholar/searches/\(search)", method: .get, headers: ada.header).status == .ok)
            #expect(try await client.execute(uri: "/api/orders/orders/\(orderID)", method: .get, headers: ada.header).status == .ok)

            // Bob sees nothing of it, and cannot tell it exists: GET and DELETE answer alike.
            let searches = try await client.execute(uri: "/api/scholar/searches", method: .get, headers: bob.header)
            #expect(try (searches.json()["searches"] as? [Any])?.isEmpty == true)
            let customers = try await client.execute(uri: "/api/orders/customers", method: .get, headers: bob.header)
            #expect(!customers.text.contains("Bar Sport"))
            #expect(try await client.execute(uri: "/api/orders/agent", method: .get, headers: bob.header).status == .notFound)
            for (uri, method) in [("/api/scholar/searches/\(search)", HTTPRequest.Method.get), ("/api/orders/orders/\(orderID)", .get),
                                  ("/api/orders/customers/\(customerID)", .get), ("/api/orders/orders/\(orderID)", .delete),
                                  ("/api/orders/customers/\(customerID)", .delete)] {
                let response = try await client.execute(uri: uri, method: method, headers: bob.header)
                #expect(response.status == .notFound, "\(method) \(uri) as bob")
            }
            let screen = try await client.execute(uri: "/scholar/searches/\(search)", method: .get, headers: bob.header)
            #expect(screen.status == .notFound)
            let deleteSearch = try await client.execute(uri: "/scholar/searches/\(search)/delete", method: .post, headers: bob.header.merging(.form()))
            #expect(deleteSearch.status == .notFound)
            // Bob's agent details are his own, and leave Ada's alone.
            let bobAgent = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: .json(bob.header), body: jsonBody(["name": "Bob Verdi", "email": "mallory@example.org"]))
            #expect(bobAgent.status == .ok)
            let adaAgent = try await client.execute(uri: "/api/orders/agent", method: .get, headers: ada.header)
            #expect(try adaAgent.json()["email"] as? String == "ada@example.org")
            // Ada's things are all still there.
            #expect(try await client.execute(uri: "/api/scholar/searches/\(search)", method: .get, headers: ada.header).status == .ok)
            #expect(try await client.execute(uri: "/api/orders/customers/\(customerID)", method: .get, headers: ada.header).status == .ok)
        }
    }

    @Test func aRunningSearchIsFollowedAndCancelledOnlyByItsAccount() async throws {
        try await withBottegaApp(singleUser: false) { client, _ in
            var ada = CookieJar(), bob = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            try await TestAccounts.signUp(client, "bob", jar: &bob)
            let started = try await client.execute(uri: "/api/scholar/searches", method: .post, headers: .json(ada.header), body: jsonBody(["author": "Ada Rossi"]))
            #expect(started.status == .accepted, "\(started.text)")
            let job = try #require(try started.json()["job"] as? String)
            #expect(try await client.execute(uri: "/api/scholar/jobs/\(job)", method: .get, headers: ada.header).status == .ok)
            for (uri, method) in [("/api/scholar/jobs/\(job)", HTTPRequest.Method.get), ("/api/scholar/jobs/\(job)/cancel", .post),
                                  ("/api/scholar/jobs/\(job)/events", .get)] {
                #expect(try await client.execute(uri: uri, method: method, headers: bob.header).status == .notFound, "\(method) \(uri) as bob")
            }
            #expect(try await client.execute(uri: "/scholar/progress/\(job)", method: .get, headers: bob.header).status == .notFound)
        }
    }

    @Test func deletingAnAccountDeletesItsSearchesAndAgentData() async throws {
        try await withBottegaApp(singleUser: false) { client, stores in
            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            _ = try await Self.importSearch(client, jar: ada)
            _ = try await client.execute(uri: "/api/orders/customers", method: .post, headers: .json(ada.header), body: jsonBody(["companyName": "Bar Sport"]))
            let token = try #require(ada.values["bottega_session"])
            let user = try #require(stores.wallet.user(forSession: token))
            let deleted = try await client.execute(uri: "/api/barcodes/me", method: .delete, headers: .json(ada.header), body: jsonBody(["password": "s3cret-passphrase"]))
            #expect(deleted.status == .noContent)
            let left = try await stores.orders.agent.database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scholar_search WHERE ownerId = ?", arguments: [user.id])
            }
            #expect(left == 0)
            #expect(try stores.orders.agents.store(for: user.id).customers().isEmpty)
        }
    }

    @Test func aSingleUserServerActsForTheFirstAccountWithoutALogIn() async throws {
        try await withBottegaApp { client, stores in
            let customer = try await client.execute(uri: "/api/orders/customers", method: .post, headers: .json(), body: jsonBody(["companyName": "Bar Sport"]))
            #expect(customer.status == .created)
            #expect(try stores.orders.agent.customers().map(\.companyName) == ["Bar Sport"])
            // A dead token is still refused, never taken for the first account.
            let dead = try await client.execute(uri: "/api/orders/customers", method: .get, headers: [.authorization: "Bearer AAAA"])
            #expect(dead.status == .unauthorized)
        }
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var fields = self
        fields.append(contentsOf: other)
        return fields
    }
}
