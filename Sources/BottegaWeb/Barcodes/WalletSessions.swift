import BarcodeWallet
import Credentials
import Foundation
import Hummingbird

/// Who is asking: the account (a wallet user) whose session cookie (or `Authorization: Bearer`
/// token, for API clients) the request carries. Without one, a single-user server acts for the
/// built-in first account, as the thesis's app did when nobody had logged in; any other server
/// asks for a log-in (``LoginRequired``).
struct WalletSessions: Sendable {
    let store: WalletStore
    /// Whether a request without a session is the first account's (`--single-user`, the default
    /// on a loopback address).
    var singleUser = true
    /// What else goes with a deleted account (its searches, its agent data).
    var accountDeleted: @Sendable (Int64) throws -> Void = { _ in }
    /// What this browser did before logging in that becomes the account's (its tickets):
    /// given the request and the account signed in.
    var claimDevice: @Sendable (Request, WalletUser) throws -> Void = { _, _ in }
    /// Wrong passwords per nickname, per address and both (``LoginThrottle``).
    var throttle = LoginThrottle()

    static let cookieName = "bottega_session"

    /// The session token a request carries, from its cookie or its bearer header.
    func token(of request: Request) -> String? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[Self.cookieName]?.value
    }

    /// A log-in through the throttle (``LoginThrottle``'s policy): 429 (``TooManyAttempts``) while
    /// a door that applies is closed; a wrong password counts, the right one clears the nickname's
    /// count from this address and makes the address known for it.
    func logIn(nickname: String, password: String, context: WebRequestContext) async throws -> Result<WalletSession, WalletError> {
        let attempt = LoginAttempt(scope: "wallet", account: nickname, source: context.clientNetwork)
        try throttle.check(attempt)
        let outcome = try await SlowWork.current.result { () throws(WalletError) in try store.logIn(nickname: nickname, password: password) }
        switch outcome {
        case .success: throttle.succeeded(attempt)
        case .failure(.wrongPassword): throttle.failed(attempt)
        case .failure: break
        }
        return outcome
    }

    /// The signed-in user, or nil when the request has no live session.
    func signedInUser(_ request: Request) -> WalletUser? {
        guard let token = token(of: request) else { return nil }
        return store.user(forSession: token)
    }

    /// The account the request acts for: the signed-in user, or, on a single-user server, the
    /// first account when the request carries no session at all. A token that is unknown,
    /// expired or logged out is refused (``DeadSession``): acting as the first account instead
    /// would put what it saves where that account sees it. Without a session, a server with
    /// accounts refuses too (``LoginRequired``).
    func currentUser(_ request: Request) throws -> WalletUser {
        if let user = try signedInUserOrNone(request) { return user }
        guard singleUser else { throw LoginRequired() }
        return store.defaultUser
    }

    /// Whose codes a request lists, saves and deletes: the signed-in user's; on a single-user
    /// server, a visitor's device's (its hidden profile, made on the first save, with the
    /// `bottega_device` cookie when the browser has none yet) — never the shared wallet everyone
    /// sees, which only the server's operator fills (`bottega barcode share`). A visitor with no
    /// device yet reads the shared codes alone. Where everyone logs in, ``LoginRequired``.
    func codeOwner(_ request: Request, creating: Bool) throws -> (user: WalletUser, newCookie: Cookie?) {
        if let user = try signedInUserOrNone(request) { return (user, nil) }
        guard singleUser else { throw LoginRequired() }
        if let device = TicketOwner.deviceDigest(of: request) {
            return (try store.deviceUser(deviceKey: device), nil)
        }
        guard creating else { return (store.defaultUser, nil) }
        let token = SessionToken.generate()
        let user = try store.deviceUser(deviceKey: SessionToken.digest(token))
        return (user, SessionCookie.make(TicketOwner.deviceCookieName, value: token, lifetime: SessionCookie.oneYear))
    }

    /// The signed-in user; nil for a request without a session; ``DeadSession`` for a session
    /// token that is not live.
    func signedInUserOrNone(_ request: Request) throws(DeadSession) -> WalletUser? {
        guard let token = token(of: request) else { return nil }
        guard let user = store.user(forSession: token) else { throw DeadSession() }
        return user
    }

    /// The session cookie: HTTP-only so page scripts cannot read it, `Secure` so it only travels
    /// over HTTPS (browsers treat 127.0.0.1 and localhost as secure), `SameSite=Lax` so another
    /// site's form cannot post with it.
    static func cookie(for session: WalletSession) -> Cookie {
        SessionCookie.make(cookieName, value: session.token, lifetime: Int(WalletSession.lifetime))
    }

    /// Replaces the browser's cookie with an expired one.
    static var clearingCookie: Cookie {
        SessionCookie.clearing(cookieName)
    }
}

/// A session token that is not (or no longer) a live session: 401, and the browser's cookie is
/// dropped so the next request is the shared user's or a fresh log-in.
struct DeadSession: PublicFailure {
    var status: HTTPResponse.Status { .unauthorized }
    var code: String { "session_expired" }
    var message: String {
        "This session has ended (logged out, expired or never valid): log in again."
    }
    var headers: HTTPFields {
        var fields = HTTPFields()
        fields[.setCookie] = WalletSessions.clearingCookie.description
        return fields
    }
}

/// A request without a session on a server with accounts: 401 for the API; a screen asked with
/// GET is sent to the log-in form, which comes back to it.
struct LoginRequired: PublicFailure {
    var status: HTTPResponse.Status { .unauthorized }
    var code: String { "login_required" }
    var message: String {
        "Log in first: on this server, searches, orders and saved codes belong to an account. Log in or create one at /barcodes/profile."
    }

    /// The log-in form, coming back to `request`'s page afterwards.
    static func loginLocation(returningTo request: Request) -> String {
        var back = request.uri.path
        if let query = request.uri.query, !query.isEmpty { back += "?" + query }
        let escaped = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? "/"
        return "/barcodes/profile?next=" + escaped
    }

    /// Where a log-in may send the browser next: a path on this server only (`/scholar`), never
    /// another site (`//evil.example`, `/%09/evil.example`, `https://…`; ``LocalRedirect``), else
    /// the wallet's history.
    static func safeNext(_ next: String?) -> String {
        LocalRedirect.path(next, fallback: "/barcodes/history")
    }
}

/// Resolves the account of every request to the routes it is added to (Scholar's, the agent's):
/// handlers read it from ``WebRequestContext/account``.
struct AccountMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let sessions: WalletSessions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let account = try sessions.currentUser(request)
        context.account = account
        return try await RequestAccount.$current.withValue(account.id) { try await next(request, context) }
    }
}
