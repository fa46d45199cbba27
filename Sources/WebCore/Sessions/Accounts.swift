import Credentials
import Crypto
import Foundation
import Hummingbird

/// An account as the apps that keep things per user see it (Scholar's searches, the agent's data,
/// a rider's tickets). The accounts themselves are the wallet's profiles; this is the seam through
/// which the other apps meet them without importing the wallet.
package struct Account: Sendable, Equatable {
    package let id: Int64
    /// Whether this is the built-in first account, the one a single-user server acts for.
    package let isFirst: Bool

    package init(id: Int64, isFirst: Bool) {
        self.id = id
        self.isFirst = isFirst
    }
}

/// Who a request acts for, from its session cookie (``AccountSession``) or bearer token.
package protocol Accounts: Sendable {
    /// The signed-in account; nil for a request without a session; ``DeadSession`` for a session
    /// token that is not live.
    func signedInAccount(_ request: Request) throws(DeadSession) -> Account?
    /// The account the request acts for: the signed-in one, or, on a single-user server, the
    /// first account when the request carries no session at all; ``LoginRequired`` otherwise.
    func currentAccount(_ request: Request) throws -> Account
    /// A fresh device cookie for a browser that has none (``DeviceCookie/make(key:)``).
    func newDeviceCookie() -> Cookie
}

/// The account session's cookie, shared by every app: the wallet sets it at log-in.
package enum AccountSession {
    package static let cookieName = "bottega_session"

    /// Replaces the browser's cookie with an expired one.
    package static var clearingCookie: Cookie {
        SessionCookie.clearing(cookieName)
    }
}

/// A browser's own cookie when nobody is signed in: what it saved or bought before logging in
/// (the wallet's codes, a rider's tickets) is found by it, and becomes the account's at log-in.
package enum DeviceCookie {
    package static let name = "bottega_device"

    /// The digest of this browser's device cookie; nil without one.
    package static func digest(of request: Request) -> String? {
        guard let device = request.cookies[name]?.value, !device.isEmpty else { return nil }
        return SessionToken.digest(device)
    }

    /// A random token and the server's HMAC of it (`token.mac`), for a year: the server knows a
    /// cookie it issued without storing it, so a device profile is made only for one of those,
    /// never for each request that comes without one or with a made-up one (issue 39).
    package static func make(key: SymmetricKey) -> Cookie {
        let token = SessionToken.generate()
        return SessionCookie.make(name, value: token + "." + mac(token, key: key), lifetime: SessionCookie.oneYear)
    }

    /// The digest of the browser's device cookie when this server issued it (``make(key:)``);
    /// nil without one, or for one it did not sign.
    package static func issuedDigest(of request: Request, key: SymmetricKey) -> String? {
        guard let value = request.cookies[name]?.value else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        let expected = Array(mac(String(parts[0]), key: key).utf8), given = Array(parts[1].utf8)
        // Compared in constant time: the MAC must not be guessable byte by byte from timings.
        guard expected.count == given.count, zip(expected, given).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
        return SessionToken.digest(value)
    }

    private static func mac(_ token: String, key: SymmetricKey) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(token.utf8), using: key).map { String(format: "%02x", $0) }.joined()
    }
}

/// A session token that is not (or no longer) a live session: 401, and the browser's cookie is
/// dropped so the next request is the shared user's or a fresh log-in.
package struct DeadSession: PublicFailure {
    package init() {}
    package var status: HTTPResponse.Status { .unauthorized }
    package var code: String { "session_expired" }
    package var message: String {
        "This session has ended (logged out, expired or never valid): log in again."
    }
    package var headers: HTTPFields {
        var fields = HTTPFields()
        fields[.setCookie] = AccountSession.clearingCookie.description
        return fields
    }
}

/// A request without a session on a server with accounts: 401 for the API; a screen asked with
/// GET is sent to the log-in form, which comes back to it.
package struct LoginRequired: PublicFailure {
    package init() {}
    package var status: HTTPResponse.Status { .unauthorized }
    package var code: String { "login_required" }
    package var message: String {
        "Log in first: on this server, searches, orders and saved codes belong to an account. Log in or create one at /barcodes/profile."
    }

    /// The log-in form, coming back to `request`'s page afterwards.
    package static func loginLocation(returningTo request: Request) -> String {
        var back = request.uri.path
        if let query = request.uri.query, !query.isEmpty { back += "?" + query }
        let escaped = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? "/"
        return "/barcodes/profile?next=" + escaped
    }

    /// Where a log-in may send the browser next: a path on this server only (`/scholar`), never
    /// another site (`//evil.example`, `/%09/evil.example`, `https://…`; ``LocalRedirect``), else
    /// the wallet's history.
    package static func safeNext(_ next: String?) -> String {
        LocalRedirect.path(next, fallback: "/barcodes/history")
    }
}

/// Resolves the account of every request to the routes it is added to (Scholar's, the agent's):
/// handlers read it from ``WebRequestContext/account``, and tasks they start from
/// ``RequestAccount/current``.
package struct AccountMiddleware: RouterMiddleware {
    package typealias Context = WebRequestContext
    package let accounts: any Accounts

    package init(accounts: any Accounts) {
        self.accounts = accounts
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let account = try accounts.currentAccount(request)
        context.account = account
        return try await RequestAccount.$current.withValue(account.id) { try await next(request, context) }
    }
}

/// The account a request acts for, bound by ``AccountMiddleware`` for the handlers below it and
/// the tasks they start; the agent's routes reach their account's store through it.
package enum RequestAccount {
    @TaskLocal package static var current: Int64?

    /// The bound account; ``LoginRequired`` where none is bound, so a route left without the
    /// middleware refuses rather than acting for the first account.
    package static func id() throws -> Int64 {
        guard let current else { throw LoginRequired() }
        return current
    }
}
