import HummingbirdTesting
import WebCore
import Testing

/// Wallet accounts made through the API, for every test that needs someone logged in.
package enum TestAccounts {
    /// Registers and logs in `nickname` through the API; the jar then carries the session.
    package static func signUp(_ client: any TestClientProtocol, _ nickname: String, jar: inout CookieJar) async throws {
        let created = try await client.execute(uri: "/api/barcodes/users", method: .post, headers: .json(), body: jsonBody([
            "nickname": nickname, "password": "s3cret-passphrase", "firstName": "Ada", "lastName": "Rossi", "address": "Via Roma 1, Padova", "email": "\(nickname)@example.org",
        ]))
        #expect(created.status == .created, "\(created.text)")
        let session = try await client.execute(uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": nickname, "password": "s3cret-passphrase"]))
        #expect(session.status == .ok, "\(session.text)")
        jar.take(session)
    }
}
