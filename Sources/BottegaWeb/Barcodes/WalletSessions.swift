import BarcodeWallet
import Foundation
import Hummingbird

/// Who is asking: the wallet user whose session cookie (or `Authorization: Bearer` token, for API
/// clients) the request carries, else the built-in default user, as the thesis's app was when
/// nobody had logged in.
struct WalletSessions: Sendable {
    let store: WalletStore

    static let cookieName = "bottega_session"

    /// The session token a request carries, from its cookie or its bearer header.
    func token(of request: Request) -> String? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[Self.cookieName]?.value
    }

    /// The signed-in user, or nil when the request has no live session.
    func signedInUser(_ request: Request) -> WalletUser? {
        guard let token = token(of: request) else { return nil }
        return store.user(forSession: token)
    }

    /// The signed-in user, or the default user everyone shares.
    func currentUser(_ request: Request) -> WalletUser {
        signedInUser(request) ?? store.defaultUser
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
