@testable import BarcodesWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The profile screens without JavaScript (register, log in, delete), logging out through the
/// API, and the API's drawing endpoint.
struct WalletProfileRouteTests {
    static let profile: [(String, String)] = [
        ("nickname", "marco"), ("password", "long-passphrase"), ("firstName", "Marco"), ("lastName", "Polo"),
        ("address", "Rialto 1, Venezia"), ("email", "marco@example.org"),
    ]

    @Test func registeringOnTheScreenSignsIn() async throws {
        try await withBottegaApp { client, _ in
            let signedOut = try await client.execute(uri: "/barcodes/profile", method: .get)
            #expect(signedOut.text.contains("id=\"register-form\""))
            #expect(signedOut.text.contains("everyone"))
            let registered = try await client.execute(uri: "/barcodes/register", method: .post, headers: .form(), body: formBody(Self.profile))
            #expect(registered.status == .seeOther)
            var jar = CookieJar()
            jar.take(registered)
            let profile = try await client.execute(uri: "/barcodes/profile", method: .get, headers: jar.header)
            #expect(profile.text.contains("Rialto 1, Venezia"))
            #expect(profile.text.contains("Log out"))
            let again = try await client.execute(uri: "/barcodes/register", method: .post, headers: .form(), body: formBody(Self.profile))
            #expect(again.status == .conflict)
            #expect(again.text.contains("marco"))
            let badEmail = try await client.execute(uri: "/barcodes/register", method: .post, headers: .form(),
                                                   body: formBody(Self.profile.map { $0.0 == "email" ? ($0.0, "not an address") : ($0.0 == "nickname" ? ($0.0, "polo") : $0) }))
            #expect(badEmail.status == .badRequest)
        }
    }

    /// Issue 39: the API names every field that is missing, and the form marks each as required.
    @Test func theAPINamesEveryMissingFieldAndTheFormMarksThemRequired() async throws {
        try await withBottegaApp { client, _ in
            let empty = try await client.execute(uri: "/api/barcodes/users", method: .post, headers: .json(), body: jsonBody([
                "nickname": "nina", "password": "long-passphrase", "firstName": "", "lastName": "", "address": "", "email": "",
            ]))
            #expect(empty.status == .badRequest)
            let error = try #require(try empty.json()["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid_profile")
            #expect(error["fields"] as? [String] == ["firstName", "lastName", "address", "email"], "\(empty.text)")
            let form = try await client.execute(uri: "/barcodes/profile", method: .get)
            for name in ["nickname", "password", "firstName", "lastName", "address", "email"] {
                #expect(form.text.contains("name=\"\(name)\" required"), "\(name) is not marked required")
            }
        }
    }

    @Test func deletingOnTheScreenNeedsThePassword() async throws {
        try await withBottegaApp { client, _ in
            var jar = CookieJar()
            jar.take(try await client.execute(uri: "/barcodes/register", method: .post, headers: .form(), body: formBody(Self.profile)))
            let wrong = try await client.execute(uri: "/barcodes/profile/delete", method: .post, headers: .form(jar.header), body: formBody([("password", "guess-guess")]))
            #expect(wrong.status == .unauthorized)
            let anonymous = try await client.execute(uri: "/barcodes/profile/delete", method: .post, headers: .form(), body: formBody([("password", "long-passphrase")]))
            #expect(anonymous.status == .unauthorized)
            let deleted = try await client.execute(uri: "/barcodes/profile/delete", method: .post, headers: .form(jar.header), body: formBody([("password", "long-passphrase")]))
            #expect(deleted.status == .seeOther)
            let login = try await client.execute(uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "marco", "password": "long-passphrase"]))
            #expect(login.status == .unauthorized)
        }
    }

    @Test func loggingOutThroughTheAPIEndsTheToken() async throws {
        try await withBottegaApp { client, _ in
            _ = try await client.execute(uri: "/barcodes/register", method: .post, headers: .form(), body: formBody(Self.profile))
            let session = try await client.execute(uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "marco", "password": "long-passphrase"]))
            let token = try #require(try session.json()["token"] as? String)
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            let me = try await client.execute(uri: "/api/barcodes/me", method: .get, headers: bearer)
            #expect(try me.json()["nickname"] as? String == "marco")
            let out = try await client.execute(uri: "/api/barcodes/session", method: .delete, headers: bearer)
            #expect(out.status == .noContent)
            // Issue 23: the ended token is refused, not taken for the shared user.
            let after = try await client.execute(uri: "/api/barcodes/me", method: .get, headers: bearer)
            #expect(after.status == .unauthorized)
        }
    }

    @Test func theAPIDrawsAnyFormatAndRefusesBadInput() async throws {
        try await withBottegaApp { client, _ in
            let qr = try await client.execute(uri: "/api/barcodes/render.svg?format=QR_CODE&text=https%3A%2F%2Fwww.unipd.it", method: .get)
            #expect(qr.status == .ok)
            #expect(qr.text.contains("<svg"))
            let unknown = try await client.execute(uri: "/api/barcodes/render.svg?format=PDF_417&text=x", method: .get)
            #expect(unknown.status == .badRequest)
            let missing = try await client.execute(uri: "/api/barcodes/render.svg?format=EAN_8", method: .get)
            #expect(missing.status == .badRequest)
            let tooBig = try await client.execute(uri: "/api/barcodes/scan", method: .post, headers: [.contentType: "image/png"],
                                                 body: ByteBuffer(repeating: 0, count: 16 * 1024 * 1024 + 1))
            #expect(tooBig.status == .contentTooLarge)
        }
    }
}
