@testable import BarcodesWeb
@testable import WebCore
import WebTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 23: a wallet token that is logged out, expired or made up was treated as "nobody", so
/// what it saved landed in the shared wallet every visitor sees. It is now refused with 401.
@Suite struct DeadSessionTests {
    @Test func aLoggedOutTokenCannotSaveIntoTheSharedWallet() async throws {
        try await withBottegaApp { client, _ in
            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            let token = try #require(ada.values[WalletCookie.name])
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            #expect(try await client.execute(uri: "/api/barcodes/session", method: .delete, headers: bearer).status == .noContent)

            let saved = try await client.execute(
                uri: "/api/barcodes/codes", method: .post, headers: .json(bearer), body: jsonBody(["format": "EAN_8", "text": "96385074"]))
            #expect(saved.status == .unauthorized)
            #expect(try (saved.json()["error"] as? [String: Any])?["code"] as? String == "session_expired")
            let shared = try await client.execute(uri: "/api/barcodes/codes", method: .get)
            #expect((try shared.json()["codes"] as? [[String: Any]])?.contains { $0["text"] as? String == "96385074" } == false)
        }
    }

    @Test func aMadeUpTokenIsRefusedOnEveryWalletCall() async throws {
        try await withBottegaApp { client, _ in
            let forged: HTTPFields = [.authorization: "Bearer AAAA"]
            for (uri, method) in [("/api/barcodes/me", HTTPRequest.Method.get), ("/api/barcodes/codes", .get), ("/api/barcodes/codes/1", .get)] {
                #expect(try await client.execute(uri: uri, method: method, headers: forged).status == .unauthorized, "\(method) \(uri)")
            }
            let saved = try await client.execute(
                uri: "/api/barcodes/codes", method: .post, headers: .json(forged), body: jsonBody(["format": "QR_CODE", "text": "forged"]))
            #expect(saved.status == .unauthorized)
            // Without any token the caller is still the shared user, as the thesis's app was.
            #expect(try await client.execute(uri: "/api/barcodes/me", method: .get).status == .ok)
        }
    }

    @Test func aMadeUpTokenBuysNoTicketsAndSeesNone() async throws {
        try await withBottegaApp { client, _ in
            let forged: HTTPFields = [.authorization: "Bearer AAAA"]
            for uri in ["/api/tickets/tickets", "/api/tickets/purchases", "/tickets/mine"] {
                let answer = try await client.execute(uri: uri, method: .get, headers: forged)
                #expect(answer.status == .unauthorized, "GET \(uri)")
            }
        }
    }

    @Test func aScreenWithAStaleCookieSaysSoAndDropsTheCookie() async throws {
        try await withBottegaApp { client, _ in
            let stale: HTTPFields = [.cookie: "\(WalletCookie.name)=no-such-session"]
            let history = try await client.execute(uri: "/barcodes/history", method: .get, headers: stale)
            #expect(history.status == .unauthorized)
            #expect(history.text.contains("log in again"))
            let cleared = history.headers[values: .setCookie].first { $0.hasPrefix("\(WalletCookie.name)=") }
            #expect(cleared?.contains("Max-Age=0") == true)
        }
    }
}

/// The wallet's session cookie name, as the tests read it from a jar.
enum WalletCookie {
    static let name = "bottega_session"
}
