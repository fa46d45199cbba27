import Foundation
import HTTPTransport

/// A customer login for an app (iOS, macOS): it asks the Bottega server, which holds the shop's
/// webservice key, instead of reading the customer's hash from the shop itself.
///
/// ``CustomerLogin`` reads the customers with the email through the webservice and verifies the
/// bcrypt hash locally. That needs the webservice key, and the key reads every customer's
/// addresses and password hash and can write orders: a key shipped in an app is everyone's.
/// (It also needs libxcrypt's bcrypt, which only the Linux build links.) So an app posts the
/// email and password to the server's `POST /api/shop/login` (docs/openapi.yaml) and gets a
/// bearer token for the rest of `/api/shop`; the server checks the password, throttles wrong
/// ones and keeps the key.
public struct RemoteCustomerLogin: Sendable {
    /// The Bottega server (`https://shop.example.com`, or with a path prefix it is served under).
    public let server: URL
    public let transport: any HTTPTransport
    public let timeout: Duration

    /// The login answer is a token and three fields; anything much larger is not that answer.
    static let maximumAnswerBytes = 64 * 1024

    public init(server: URL, transport: any HTTPTransport, timeout: Duration = .seconds(15)) {
        self.server = server
        self.transport = transport
        self.timeout = timeout
    }

    /// The session for this email and password: its bearer token and who the customer is.
    /// A wrong password and an unknown email are one answer, ``RemoteLoginError/invalidCredentials(message:)``.
    public func logIn(email: String, password: String) async throws(RemoteLoginError) -> RemoteLoginSession {
        let url = try loginURL()
        let body: Data
        do {
            body = try JSONEncoder().encode(["email": email, "password": password])
        } catch {
            throw .unreadableAnswer(status: 0, reason: "the login could not be written as JSON")
        }
        let request = HTTPTransportRequest(
            method: "POST", url: url,
            headers: [(name: "Content-Type", value: "application/json"), (name: "Accept", value: "application/json")],
            body: Array(body), timeout: timeout, maximumBodyBytes: Self.maximumAnswerBytes)
        let response: HTTPTransportResponse
        do throws(HTTPTransportFailure) {
            response = try await transport.send(request)
        } catch {
            throw RemoteLoginError(error, server: server)
        }
        guard response.status == 200 else { throw RemoteLoginError(refusal: response) }
        struct Answer: Decodable {
            struct Customer: Decodable { let id: Int; let name: String; let email: String }
            let token: String
            let customer: Customer
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(response.body)), !answer.token.isEmpty else {
            throw .unreadableAnswer(status: response.status, reason: "the answer is not a session ({\"token\", \"customer\": {id, name, email}})")
        }
        return RemoteLoginSession(token: answer.token, customerID: answer.customer.id, name: answer.customer.name, email: answer.customer.email)
    }

    /// `server` + `api/shop/login`. A password goes only over https, or to this device itself
    /// (a server on 127.0.0.1 during development and in the tests).
    func loginURL() throws(RemoteLoginError) -> URL {
        let scheme = server.scheme?.lowercased()
        guard scheme == "https" || scheme == "http", let host = server.host, !host.isEmpty else {
            throw .invalidServer(server.absoluteString, reason: "it is not an http(s) address")
        }
        guard scheme == "https" || ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) else {
            throw .invalidServer(server.absoluteString, reason: "a password is sent only over https (or to this device, 127.0.0.1)")
        }
        return server.appendingPathComponent("api").appendingPathComponent("shop").appendingPathComponent("login")
    }
}

/// A logged-in customer as the server answered: send ``authorization`` with every `/api/shop`
/// request made for them (their addresses, cart, orders).
public struct RemoteLoginSession: Sendable, Equatable {
    /// The session's bearer token; keep it in the Keychain, never in plain defaults.
    public let token: String
    public let customerID: Int
    /// First and last name, as the shop has them.
    public let name: String
    public let email: String

    public init(token: String, customerID: Int, name: String, email: String) {
        self.token = token
        self.customerID = customerID
        self.name = name
        self.email = email
    }

    /// `Authorization: Bearer <token>`.
    public var authorization: (name: String, value: String) { (name: "Authorization", value: "Bearer \(token)") }
}
