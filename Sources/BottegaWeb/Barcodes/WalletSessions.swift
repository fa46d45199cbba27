import BarcodeWallet
import Foundation
import Hummingbird

/// Who is asking: the wallet user whose session cookie (or `Authorization: Bearer` token, for API
/// clients) the request carries, else the built-in default user, as the thesis's app was when
/// nobody had logged in.
struct WalletSessions: Sendable {
    let store: WalletStore
    /// Wrong passwords per nickname and per address (``LoginThrottle``).
    var throttle = LoginThrottle()

    static let cookieName = "bottega_session"

    /// The session token a request carries, from its cookie or its bearer header.
    func token(of request: Request) -> String? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[Self.cookieName]?.value
    }

    /// A log-in through the throttle: 429 (``TooManyAttempts``) while the nickname or the address
    /// is closed; a wrong password counts against both, the right one clears the nickname's count.
    func logIn(nickname: String, password: String, context: WebRequestContext) async throws -> Result<WalletSession, WalletError> {
        let address = context.clientAddress ?? "unknown"
        let keys = ["account:wallet:\(nickname.lowercased())@\(address)", "address:wallet:\(address)"]
        try throttle.check(keys)
        let outcome = try await SlowWork.current.result { () throws(WalletError) in try store.logIn(nickname: nickname, password: password) }
        switch outcome {
        case .success: throttle.succeeded(keys)
        case .failure(.wrongPassword): throttle.failed(keys)
        case .failure: break
        }
        return outcome
    }

    /// The signed-in user, or nil when the request has no live session.
    func signedInUser(_ request: Request) -> WalletUser? {
        guard let token = token(of: request) else { return nil }
        return store.user(forSession: token)
    }

    /// The signed-in user, or the default user everyone shares when the request carries no
    /// session at all. A token that is unknown, expired or logged out is refused: acting as the
    /// shared user instead would put what it saves where everyone sees it.
    func currentUser(_ request: Request) throws(DeadSession) -> WalletUser {
        guard let token = token(of: request) else { return store.defaultUser }
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
        "This session has ended (logged out, expired or never valid): log in again, or send no session to act as the shared user."
    }
    var headers: HTTPFields {
        var fields = HTTPFields()
        fields[.setCookie] = WalletSessions.clearingCookie.description
        return fields
    }
}
