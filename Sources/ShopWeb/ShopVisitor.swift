import Foundation
import Hummingbird
import WebCore

/// Finds the visitor's session from a request (the `bottega_shop` cookie, or a bearer token
/// for API clients) and makes one when an action needs it (the first add to the cart, a login).
struct ShopVisitor: Sendable {
    let store: ShopSessionStore

    static let cookieName = "bottega_shop"

    func token(of request: Request) -> String? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[Self.cookieName]?.value
    }

    /// The visitor's live session; `nil` for a visitor who sent no token; ``ShopSessionEnded``
    /// for a token that is logged out, expired or unknown — never taken for a visitor with no
    /// session, which would quietly hand them an empty cart where theirs was (as the wallet's
    /// ``DeadSession``).
    func current(_ request: Request) throws -> ShopSession? {
        guard let token = token(of: request), !token.isEmpty else { return nil }
        guard let session = try store.session(token: token) else { throw ShopSessionEnded() }
        return session
    }

    /// The visitor's session, made now when they have none (`isNew`: the answer must hand
    /// the token over). A new one is stored by the action's ``ShopSessionStore/save(_:)``
    /// once it succeeded. A dead token is refused (``current(_:)``).
    func ensure(_ request: Request) throws -> (session: ShopSession, isNew: Bool) {
        if let session = try current(request) { return (session, false) }
        return (store.create(), true)
    }

    /// As ``ensure(_:)``, but a dead token gets a fresh session instead of a refusal: for logging
    /// in and registering, the way back that the "session ended" answer offers.
    func ensureLoggingIn(_ request: Request) throws -> (session: ShopSession, isNew: Bool) {
        do {
            return try ensure(request)
        } catch is ShopSessionEnded {
            return (store.create(), true)
        }
    }

    /// The answer to a screen's action that succeeded: the session stored, a redirect to
    /// `location`, and the cookie when the session was made for this action.
    func redirect(to location: String, saving session: ShopSession, isNew: Bool) throws -> Response {
        try store.save(session)
        var response = seeOther(location)
        if isNew { response.setCookie(Self.cookie(session)) }
        return response
    }

    /// HTTP-only (no page script reads it), `Secure` (browsers treat 127.0.0.1 as secure),
    /// `SameSite=Lax` (another site's form cannot post with it) — as the wallet's cookie.
    static func cookie(_ session: ShopSession) -> Cookie {
        SessionCookie.make(cookieName, value: session.token, lifetime: Int(ShopSession.lifetime))
    }

    static var clearingCookie: Cookie {
        SessionCookie.clearing(cookieName)
    }
}

/// A shop session token that is not (or no longer) a live session: 401 `session_expired`, and the
/// browser's cookie is dropped. The API answers it as JSON; the screens show
/// ``ShopSessionEndedPage``, which offers to log in.
struct ShopSessionEnded: PublicFailure {
    var status: HTTPResponse.Status { .unauthorized }
    var code: String { "session_expired" }
    var message: String {
        "This shop session has ended (logged out, expired after 30 days or never valid), and the cart it held with it: log in again at /shop/login, or browse on to start a new cart."
    }
    var headers: HTTPFields {
        var fields = HTTPFields()
        fields[.setCookie] = ShopVisitor.clearingCookie.description
        return fields
    }
}
