import BottegaWeb
import Foundation
import HTTPTransport
import ShopKit
import Testing
import URLSessionTransport
import WebCore
import WebTestSupport

/// ShopKit's app login (``RemoteCustomerLogin``) over URLSessionTransport against the real
/// Bottega server on 127.0.0.1, itself on the replayed shop: the token it returns opens the
/// customer's `/api/shop`, and each refusal comes back typed with the server's own message.
@Suite(.serialized, .enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct RemoteCustomerLoginTests {
    /// How long an answer may take in these tests: a bcrypt check on a machine running every
    /// test at once.
    static let patience = Duration.seconds(60)

    static let registration: [String: String] = [
        "firstname": "Grace", "lastname": "Hopper", "email": "grace.remote@example.com", "password": "compiler 1952", "birthday": "1906-12-09",
    ]

    /// The live app with one registered customer, a login client for it and the customer's id.
    func withRegisteredCustomer(
        loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy(),
        _ body: @Sendable @escaping (RemoteCustomerLogin, URL, Int) async throws -> Void
    ) async throws {
        try await withShopApp(loginThrottle: loginThrottle, live: true) { client, _ in
            // Over the real socket, with a minute to answer: registering hashes a password, and a
            // whole test run in parallel can make that slow.
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let registered = try await URLSessionTransport.shared.send(HTTPTransportRequest(
                method: "POST", url: server.appendingPathComponent("api/shop/register"), headers: [(name: "Content-Type", value: "application/json")],
                body: Array(try JSONSerialization.data(withJSONObject: Self.registration)), timeout: Self.patience, maximumBodyBytes: 1 << 20))
            #expect(registered.status == 201)
            let answer = try JSONSerialization.jsonObject(with: Data(registered.body)) as? [String: Any]
            let customerID = try #require((answer?["customer"] as? [String: Any])?["id"] as? Int)
            try await body(RemoteCustomerLogin(server: server, transport: URLSessionTransport.shared, timeout: Self.patience), server, customerID)
        }
    }

    @Test func theRightPasswordGivesATokenThatOpensTheCustomersAccount() async throws {
        try await withRegisteredCustomer { login, server, customerID in
            let session = try await login.logIn(email: "grace.remote@example.com", password: "compiler 1952")
            #expect(session.customerID == customerID)
            #expect(session.name == "Grace Hopper")
            #expect(session.email == "grace.remote@example.com")
            // The token is the session: the customer's addresses answer with it, and refuse without.
            let addresses = server.appendingPathComponent("api/shop/addresses")
            let withToken = try await URLSessionTransport.shared.send(HTTPTransportRequest(
                url: addresses, headers: [session.authorization], timeout: Self.patience, maximumBodyBytes: 1 << 20))
            #expect(withToken.status == 200)
            let without = try await URLSessionTransport.shared.send(HTTPTransportRequest(url: addresses, timeout: Self.patience, maximumBodyBytes: 1 << 20))
            #expect(without.status == 401)
        }
    }

    @Test func aWrongPasswordIsInvalidCredentialsWithTheServersMessage() async throws {
        try await withRegisteredCustomer { login, server, _ in
            let error = await #expect(throws: RemoteLoginError.self) {
                try await login.logIn(email: "grace.remote@example.com", password: "cobol 1959")
            }
            // What the server itself answers to the same wrong login, read without ShopKit.
            let raw = try await URLSessionTransport.shared.send(HTTPTransportRequest(
                method: "POST", url: server.appendingPathComponent("api/shop/login"), headers: [(name: "Content-Type", value: "application/json")],
                body: Array(#"{"email": "grace.remote@example.com", "password": "cobol 1959"}"#.utf8), timeout: Self.patience, maximumBodyBytes: 1 << 20))
            let detail = try #require((try JSONSerialization.jsonObject(with: Data(raw.body)) as? [String: Any])?["error"] as? [String: Any])
            let message = try #require(detail["message"] as? String)
            #expect(raw.status == 401 && detail["code"] as? String == "invalid_credentials")
            #expect(error == .invalidCredentials(message: message))
            #expect(error?.localizedDescription == message)
            // An unknown email is the same answer.
            let unknown = await #expect(throws: RemoteLoginError.self) {
                try await login.logIn(email: "nobody.remote@example.com", password: "cobol 1959")
            }
            #expect(unknown == .invalidCredentials(message: message))
        }
    }

    @Test func tooManyWrongPasswordsAreThrottledWithTheWait() async throws {
        var policy = LoginThrottlePolicy()
        // One free wrong password; the second closes the account for a minute, so the third is refused.
        policy.freeAttempts = 1
        policy.firstWait = 60
        try await withRegisteredCustomer(loginThrottle: policy) { login, _, _ in
            for wrong in ["wrong one", "wrong one and a half"] {
                let refused = await #expect(throws: RemoteLoginError.self) { try await login.logIn(email: "grace.remote@example.com", password: wrong) }
                #expect(refused == .invalidCredentials(message: "Unknown email or wrong password."))
            }
            let throttled = await #expect(throws: RemoteLoginError.self) {
                try await login.logIn(email: "grace.remote@example.com", password: "wrong two")
            }
            guard case .tooManyAttempts(let message, let retryAfter) = throttled else {
                Issue.record("expected tooManyAttempts, got \(String(describing: throttled))")
                return
            }
            #expect(message.contains("wait"))
            #expect((retryAfter ?? 0) > 0)
        }
    }

    @Test func anEmptyEmailIsRefusedWithTheServersCodeAndMessage() async throws {
        try await withRegisteredCustomer { login, _, _ in
            let error = await #expect(throws: RemoteLoginError.self) { try await login.logIn(email: "  ", password: "compiler 1952") }
            guard case .refused(let status, let code, let message) = error else {
                Issue.record("expected refused, got \(String(describing: error))")
                return
            }
            #expect(status == 400 && code == "invalid_email" && !message.isEmpty)
        }
    }
}
