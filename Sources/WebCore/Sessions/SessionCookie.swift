import Foundation
import HTTPTypes
import Hummingbird

/// Every cookie Bottega sets, made one way: `HttpOnly` (no script reads it), `Secure` when the
/// page was served over HTTPS (``CookieSecurity``), with a lifetime and a `SameSite` rule each use
/// chooses. A change of policy is made here, once.
package enum SessionCookie {
    /// Whether the request being answered came over HTTPS: a `Secure` cookie set over plain
    /// HTTP to a LAN address would never come back, and every purchase would be lost to its
    /// buyer. Bound per request by ``CookieSecurity``.
    @TaskLocal static package var isSecure = true

    /// `sameSite` is `.lax` for cookies a link from elsewhere may carry (a visitor's session, a
    /// device), `.strict` for the admin's.
    package static func make(
        _ name: String, value: String, lifetime: Int, path: String = "/", sameSite: Cookie.SameSite = .lax
    ) -> Cookie {
        Cookie(name: name, value: value, maxAge: lifetime, path: path, secure: isSecure, httpOnly: true, sameSite: sameSite)
    }

    /// The cookie that makes the browser forget `name` (empty, expired at once).
    package static func clearing(_ name: String, path: String = "/", sameSite: Cookie.SameSite = .lax) -> Cookie {
        make(name, value: "", lifetime: 0, path: path, sameSite: sameSite)
    }

    package static let oneYear = 365 * 24 * 3_600
}

/// Decides, for each request, whether its cookies are `Secure`: always when `--public-url` is
/// https; otherwise when the request came over HTTPS, directly or as a trusted proxy in front
/// says (``TrustedProxies``; `X-Forwarded-Proto` from anyone else does not count). A client that
/// claims HTTPS over plain HTTP only loses its own cookie.
package struct CookieSecurity: RouterMiddleware {
    package typealias Context = WebRequestContext
    package let publicURLIsHTTPS: Bool

    package init(publicURL: URL?) {
        publicURLIsHTTPS = publicURL?.scheme?.lowercased() == "https"
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await SessionCookie.$isSecure.withValue(publicURLIsHTTPS || context.cameOverHTTPS) { try await next(request, context) }
    }
}
