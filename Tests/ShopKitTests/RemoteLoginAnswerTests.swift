import Foundation
import HTTPTransport
import ShopKit
import Testing
import TestSupport
import URLSessionTransport

/// How ``RemoteCustomerLogin`` reads what comes back when it is not a Bottega session: what it
/// refuses to send, a server that is not Bottega, one that is down. The answers of the real
/// Bottega server are tested in ShopWebTests (`RemoteCustomerLoginTests`), where it runs.
@Suite struct RemoteLoginAnswerTests {
    @Test func aPasswordIsNotSentOverPlainHTTPToAnotherMachine() async throws {
        let login = RemoteCustomerLogin(server: URL(string: "http://shop.example.com")!, transport: URLSessionTransport.shared)
        let error = await #expect(throws: RemoteLoginError.self) { try await login.logIn(email: "a@example.com", password: "secret") }
        guard case .invalidServer(let server, let reason) = error else {
            Issue.record("expected invalidServer, got \(String(describing: error))")
            return
        }
        #expect(server == "http://shop.example.com" && reason.contains("https"))
    }

    @Test func theLoginIsPostedAsJSONUnderTheServersPath() async throws {
        try await LocalServer.run({ _ in .json(#"{"error": {"code": "invalid_credentials", "message": "Nope."}}"#, status: 401) }) { server in
            let login = RemoteCustomerLogin(server: server.url("/bottega"), transport: URLSessionTransport.shared)
            _ = try? await login.logIn(email: "a@example.com", password: "p\"ss")
            let sent = try #require(await server.requests().first)
            #expect(sent.method == "POST" && sent.uri == "/bottega/api/shop/login")
            #expect(sent.header("Content-Type") == "application/json")
            let body = try JSONSerialization.jsonObject(with: Data(sent.body)) as? [String: String]
            #expect(body == ["email": "a@example.com", "password": "p\"ss"])
        }
    }

    @Test func aPageThatIsNotTheAPIsJSONIsUnreadable() async throws {
        try await LocalServer.run({ _ in .html(Data("<html>Bad gateway</html>".utf8), status: 502) }) { server in
            let login = RemoteCustomerLogin(server: server.baseURL, transport: URLSessionTransport.shared)
            let error = await #expect(throws: RemoteLoginError.self) { try await login.logIn(email: "a@example.com", password: "secret") }
            guard case .unreadableAnswer(let status, _) = error else {
                Issue.record("expected unreadableAnswer, got \(String(describing: error))")
                return
            }
            #expect(status == 502)
        }
    }

    @Test func aServerThatIsDownIsUnreachable() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let login = RemoteCustomerLogin(server: refusing.url, transport: URLSessionTransport.shared)
        let error = await #expect(throws: RemoteLoginError.self) { try await login.logIn(email: "a@example.com", password: "secret") }
        #expect(error == .unreachable(server: "127.0.0.1", reason: "connection refused"))
    }
}
