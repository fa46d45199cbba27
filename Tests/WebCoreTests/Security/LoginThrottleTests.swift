@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 23: after 30–40 wrong passwords the right one still worked at once; nothing slowed a
/// guesser down.
@Suite struct LoginThrottleTests {
    /// The real policy, but a first wait long enough that a loaded machine cannot outlast it
    /// between two requests (the doubling itself is tested on a hand-moved clock below).
    static var patientPolicy: LoginThrottlePolicy {
        var policy = LoginThrottlePolicy()
        policy.firstWait = 600
        policy.longestWait = 3_600
        return policy
    }

    @Test func afterFiveWrongPasswordsTheWalletAnswers429WithRetryAfter() async throws {
        try await withBottegaApp(loginThrottle: Self.patientPolicy) { client, _ in
            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            for attempt in 1...5 {
                let wrong = try await client.execute(
                    uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "ada", "password": "guess \(attempt)"]))
                #expect(wrong.status == .unauthorized, "attempt \(attempt)")
            }
            _ = try await client.execute(uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "ada", "password": "guess 6"]))
            let right = try await client.execute(
                uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "ada", "password": "s3cret-passphrase"]))
            #expect(right.status == .tooManyRequests)
            #expect(right.headers[.retryAfter].flatMap(Int.init).map { $0 > 500 } == true)
            #expect(try (right.json()["error"] as? [String: Any])?["message"] as? String ?? "" == TooManyAttempts(wait: Int(right.headers[.retryAfter] ?? "") ?? 0).message)
            // The screen's form is throttled too, and says so.
            let screen = try await client.execute(uri: "/barcodes/login", method: .post, headers: .form(), body: formBody([("nickname", "ada"), ("password", "s3cret-passphrase")]))
            #expect(screen.status == .tooManyRequests)
            #expect(screen.text.contains("Too many wrong passwords"))
        }
    }

    @Test func theAdminPasswordIsThrottledOnTheScreenAndTheAPI() async throws {
        try await withBottegaApp(ticketsAdminPassword: "correct horse battery staple", loginThrottle: Self.patientPolicy) { client, _ in
            for _ in 1...6 {
                _ = try await client.execute(uri: "/tickets/admin/login", method: .post, headers: .form(), body: formBody([("password", "guess")]))
            }
            let screen = try await client.execute(uri: "/tickets/admin/login", method: .post, headers: .form(), body: formBody([("password", "correct horse battery staple")]))
            #expect(screen.status == .tooManyRequests)
            let api = try await client.execute(
                uri: "/api/tickets/admin/provinces/PD", method: .put, headers: .json([.authorization: "Bearer correct horse battery staple"]), body: jsonBody([:]))
            #expect(api.status == .tooManyRequests)
        }
    }

    @Test(.enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
    func theShopsCustomerLoginIsThrottledToo() async throws {
        try await withShopApp(loginThrottle: Self.patientPolicy) { client, _ in
            var browser = ShopBrowser(client)
            let registered = try await browser.json("/api/shop/register", [
                "firstname": "Alan", "lastname": "Turing", "email": "alan.throttle@example.com", "password": "enigma machine", "birthday": "1970-06-23",
            ])
            #expect(registered.status == .created)
            for attempt in 1...6 {
                _ = try await browser.json("/api/shop/login", ["email": "alan.throttle@example.com", "password": "bombe \(attempt)"])
            }
            let right = try await browser.json("/api/shop/login", ["email": "alan.throttle@example.com", "password": "enigma machine"])
            #expect(right.status == .tooManyRequests)
            let screen = try await browser.post("/shop/login", [("email", "alan.throttle@example.com"), ("password", "enigma machine")])
            #expect(screen.status == .tooManyRequests)
        }
    }

    /// The company's agents log in on every sync and every order sent: by the thesis's paths (the
    /// password in the URL, "pwdfail" in plain text) and by the JSON feed's HTTP Basic.
    @Test func theCompanysAgentLoginsAreThrottledInBothProtocols() async throws {
        try await withBottegaApp(loginThrottle: Self.patientPolicy) { client, stores in
            try await TestCompany.prepare(stores)
            let base = "/orders/business/sottoscrizione"
            for attempt in 1...6 {
                let wrong = try await client.execute(uri: "\(base)/check/codice/ACME/username/mario.rossi/password/guess\(attempt)", method: .get)
                #expect(wrong.status == .ok && wrong.text == "pwdfail\n" || wrong.status == .tooManyRequests, "attempt \(attempt)")
            }
            let right = try await client.execute(uri: "\(base)/check/codice/ACME/username/mario.rossi/password/una%20password%20lunga", method: .get)
            #expect(right.status == .tooManyRequests)
            #expect(right.headers[.retryAfter] != nil)
            let sync = try await client.execute(
                uri: "\(base)/sync/codice/ACME/username/mario.rossi/password/una%20password%20lunga/lastSync/2000-01-01%2000:00:00/udid/ipad-1", method: .get)
            #expect(sync.status == .tooManyRequests)
            let feed = try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: TestCompany.agentHeaders)
            #expect(feed.status == .tooManyRequests)
        }
    }

    @Test func wrongFeedPasswordsCloseTheFeedAndTheThesisPaths() async throws {
        try await withBottegaApp(loginThrottle: Self.patientPolicy) { client, stores in
            try await TestCompany.prepare(stores)
            let wrong: HTTPFields = [
                HTTPField.Name("X-Bottega-Company")!: "ACME", .authorization: "Basic " + Data("mario.rossi:guess".utf8).base64EncodedString(),
            ]
            for _ in 1...6 { _ = try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: wrong) }
            let feed = try await client.execute(uri: "/api/orders/business/changes", method: .get, headers: TestCompany.agentHeaders)
            #expect(feed.status == .tooManyRequests)
            let check = try await client.execute(
                uri: "/orders/business/sottoscrizione/check/codice/ACME/username/mario.rossi/password/una%20password%20lunga", method: .get)
            #expect(check.status == .tooManyRequests)
        }
    }

    @Test func theWaitDoublesEndsByItselfAndTheRightPasswordClearsIt() async throws {
        let clock = ManualClock()
        let throttle = LoginThrottle(now: clock.now)
        let ada = LoginAttempt(scope: "wallet", account: "ada", source: "10.0.0.1")
        for _ in 1...5 { try await throttle.failed(ada) }
        await #expect(throws: Never.self) { try await throttle.check(ada) }
        try await throttle.failed(ada)
        await #expect(throws: TooManyAttempts(wait: 1)) { try await throttle.check(ada) }
        clock.advance(by: 1.5)
        try await throttle.failed(ada)
        await #expect(throws: TooManyAttempts(wait: 2)) { try await throttle.check(ada) }
        clock.advance(by: 2.5)
        try await throttle.failed(ada)
        await #expect(throws: TooManyAttempts(wait: 4)) { try await throttle.check(ada) }
        // Never more than five minutes, however many guesses.
        for _ in 1...40 { try await throttle.failed(ada) }
        await #expect(throws: TooManyAttempts(wait: 300)) { try await throttle.check(ada) }
        // Left alone, the door opens and the count is forgotten.
        clock.advance(by: 16 * 60)
        await #expect(throws: Never.self) { try await throttle.check(ada) }
        try await throttle.failed(ada)
        await #expect(throws: Never.self) { try await throttle.check(ada) }
        // The right password clears the count.
        for _ in 1...5 { try await throttle.failed(ada) }
        try await throttle.succeeded(ada)
        try await throttle.failed(ada)
        await #expect(throws: Never.self) { try await throttle.check(ada) }
    }
}
