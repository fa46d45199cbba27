@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 23: the admin cookie was an HMAC of a fixed text under the password: the same at every
/// login, never ending, and a way to guess the password offline. There was no logout.
@Suite struct AdminSessionTests {
    static let ticketsPassword = "correct horse battery staple"
    static let ordersPassword = "orders back office passphrase"

    private func logIn(_ client: any TestClientProtocol, at path: String, password: String) async throws -> String? {
        let answer = try await client.execute(uri: "\(path)/login", method: .post, headers: .form(), body: formBody([("password", password)]))
        #expect(answer.status == .seeOther)
        var jar = CookieJar()
        jar.take(answer)
        return jar.values.first?.value
    }

    @Test(arguments: [("/tickets/admin", ticketsPassword, "Add the product"), ("/orders/business", ordersPassword, "Companies")])
    func eachLoginIsANewSessionAndLogoutEndsIt(path: String, password: String, signedIn: String) async throws {
        try await withBottegaApp(ticketsAdminPassword: Self.ticketsPassword, ordersAdminPassword: Self.ordersPassword) { client, _ in
            let first = try #require(try await logIn(client, at: path, password: password))
            let second = try #require(try await logIn(client, at: path, password: password))
            #expect(first != second, "two logins gave the same cookie")
            #expect(!first.contains(password))
            let name = path.hasPrefix("/tickets") ? "bottega_tickets_admin" : "bottega_orders_admin"
            let inside = try await client.execute(uri: path, method: .get, headers: [.cookie: "\(name)=\(first)"])
            #expect(inside.text.contains(signedIn) && inside.text.contains("Log out"))

            let out = try await client.execute(uri: "\(path)/logout", method: .post, headers: [.cookie: "\(name)=\(first)"])
            #expect(out.status == .seeOther)
            #expect(out.headers[values: .setCookie].contains { $0.hasPrefix("\(name)=;") || $0.contains("Max-Age=0") })
            let after = try await client.execute(uri: path, method: .get, headers: [.cookie: "\(name)=\(first)"])
            #expect(!after.text.contains(signedIn), "the logged-out cookie still opens \(path)")
            // The other session lives on.
            let other = try await client.execute(uri: path, method: .get, headers: [.cookie: "\(name)=\(second)"])
            #expect(other.text.contains(signedIn))
            // A made-up cookie opens nothing.
            let forged = try await client.execute(uri: path, method: .get, headers: [.cookie: "\(name)=00112233"])
            #expect(!forged.text.contains(signedIn))
        }
    }

    @Test func aSessionEndsByItself() async throws {
        let clock = ManualClock()
        let sessions = AdminSessions(now: clock.now)
        let token = try await sessions.start()
        #expect(try await sessions.isLive(token))
        clock.advance(by: 8 * 3_600 + 1)
        #expect(try await !sessions.isLive(token))
    }
}

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    private let lock = NSLock()

    var now: @Sendable () -> Date { { [self] in lock.withLock { current } } }

    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
