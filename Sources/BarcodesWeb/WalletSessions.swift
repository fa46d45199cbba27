import BarcodeWallet
import Credentials
import Crypto
import Foundation
import Hummingbird
import WebCore

/// Who is asking: the account (a wallet user) whose session cookie (or `Authorization: Bearer`
/// token, for API clients) the request carries. Without one, a single-user server acts for the
/// built-in first account, as the thesis's app did when nobody had logged in; any other server
/// asks for a log-in (``LoginRequired``).
package struct WalletSessions: Accounts {
    package let store: WalletStore
    /// Whether a request without a session is the first account's (`--single-user`, the default
    /// on a loopback address).
    package var singleUser = true
    /// What else goes with a deleted account (its searches, its agent data).
    package var accountDeleted: @Sendable (Int64) throws -> Void = { _ in }
    /// What this browser did before logging in that becomes the account's (its tickets):
    /// given the request and the account signed in.
    package var claimDevice: @Sendable (Request, WalletUser) throws -> Void = { _, _ in }
    /// Wrong passwords per nickname, per address and both (``LoginThrottle``).
    package var throttle = LoginThrottle()
    /// Signs device cookies (``DeviceCookie/make(key:)``); the app sets the key file's.
    package var deviceCookieKey = SymmetricKey(size: .bits256)
    /// What else follows a browser from its old device cookie to a new signed one (its tickets):
    /// given the two cookies' digests.
    package var deviceReplaced: @Sendable (String, String) throws -> Void = { _, _ in }

    package init(store: WalletStore, singleUser: Bool = true) {
        self.store = store
        self.singleUser = singleUser
    }

    static let cookieName = AccountSession.cookieName

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
        try await throttle.check(attempt)
        let outcome = try await SlowWork.current.result { () throws(WalletError) in try store.logIn(nickname: nickname, password: password) }
        switch outcome {
        case .success: try await throttle.succeeded(attempt)
        case .failure(.wrongPassword): try await throttle.failed(attempt)
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
    ///
    /// A device profile is made only for a device cookie this server issued (issue 39: each
    /// cookieless save made one, so 20 requests made 20 hidden users). A save without one is
    /// refused with ``DeviceCookieRequired``, which sets the cookie to send the save again with.
    func codeOwner(_ request: Request, creating: Bool) throws -> (user: WalletUser, newCookie: Cookie?) {
        if let user = try signedInUserOrNone(request) { return (user, nil) }
        guard singleUser else { throw LoginRequired() }
        let digest = DeviceCookie.digest(of: request)
        // A device that saved before keeps its codes, whatever kind of cookie found them.
        if let digest, let user = try store.existingDeviceUser(deviceKey: digest) { return (user, nil) }
        guard creating else { return (store.defaultUser, nil) }
        if let issued = DeviceCookie.issuedDigest(of: request, key: deviceCookieKey) {
            return (try store.deviceUser(deviceKey: issued), nil)
        }
        let cookie = newDeviceCookie()
        if let digest { try deviceReplaced(digest, SessionToken.digest(cookie.value)) }
        throw DeviceCookieRequired(cookie: cookie)
    }

    /// The cookie a page with a save form sets for a visitor with neither a session nor a device
    /// cookie yet, so that the form's save comes back with one; nil when it needs none.
    func deviceCookieForForms(_ request: Request) -> Cookie? {
        guard singleUser, token(of: request) == nil, DeviceCookie.digest(of: request) == nil else { return nil }
        return newDeviceCookie()
    }

    package func newDeviceCookie() -> Cookie { DeviceCookie.make(key: deviceCookieKey) }

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
    static var clearingCookie: Cookie { AccountSession.clearingCookie }

    package func signedInAccount(_ request: Request) throws(DeadSession) -> Account? {
        try signedInUserOrNone(request).map(Self.account)
    }

    package func currentAccount(_ request: Request) throws -> Account {
        Self.account(try currentUser(request))
    }

    static func account(_ user: WalletUser) -> Account {
        Account(id: user.id, isFirst: user.isDefault)
    }
}

/// A save from a browser without a device cookie this server issued: 409, with the cookie set,
/// so the browser (or an API client keeping cookies) sends the save again and it lands on that
/// device. Nothing is stored until then.
struct DeviceCookieRequired: PublicFailure {
    let cookie: Cookie
    var status: HTTPResponse.Status { .conflict }
    var code: String { "device_cookie_required" }
    var message: String {
        "This browser has no device cookie yet, so there is nowhere to keep the code: send the same request again with the bottega_device cookie this answer sets, or log in."
    }
    var headers: HTTPFields {
        var fields = HTTPFields()
        fields[.setCookie] = cookie.description
        return fields
    }
}
