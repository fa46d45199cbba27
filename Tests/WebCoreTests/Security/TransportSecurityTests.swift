@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 36: under an https `--public-url` no answer carried HSTS, and private pages carried no
/// `Cache-Control: no-store`, so a shared computer's cache (or the back button after logging
/// out) showed the last person's searches and orders.
@Suite struct TransportSecurityTests {
    static let hsts = HTTPField.Name("Strict-Transport-Security")!

    @Test func anHTTPSPublicURLPutsHSTSOnEveryAnswer() async throws {
        var web = WebConfiguration(readTimeout: .seconds(300))
        web.publicURL = URL(string: "https://bottega.example.com")
        try await withBottegaApp(configuration: web, singleUser: false) { client, _ in
            for (uri, method) in [("/", HTTPRequest.Method.get), ("/api/scholar/searches", .get), ("/static/bottega.css", .get), ("/no/such/page", .get), ("/api/tickets/purchases", .post)] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.headers[Self.hsts] == "max-age=31536000", "\(method) \(uri) → \(response.status.code)")
            }
        }
        // Plain HTTP on loopback: none (a browser would ignore it there anyway, RFC 6797 §8.1).
        try await withBottegaApp { client, _ in
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.headers[Self.hsts] == nil)
        }
    }

    @Test func privateAnswersAreNotStoredAndStaticFilesMayBe() async throws {
        try await withBottegaApp { client, _ in
            var jar = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &jar)
            let privateOnes = ["/", "/scholar", "/scholar/history", "/api/scholar/searches", "/api/barcodes/me", "/barcodes/history", "/orders", "/api/orders/agent", "/no/such/page"]
            for uri in privateOnes {
                let response = try await client.execute(uri: uri, method: .get, headers: jar.header)
                #expect(response.headers[.cacheControl] == "no-store", "GET \(uri) → \(response.status.code): \(response.headers[.cacheControl] ?? "no Cache-Control")")
            }
            let login = try await client.execute(uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "ada", "password": "s3cret-passphrase"]))
            #expect(login.headers[.cacheControl] == "no-store")
            let style = try await client.execute(uri: "/static/bottega.css", method: .get)
            #expect(style.status == .ok)
            #expect(style.headers[.cacheControl] != "no-store")
        }
    }
}
