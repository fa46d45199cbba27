import Hummingbird

/// Every cookie Bottega sets, made one way: `HttpOnly` (no script reads it) and `Secure`
/// (browsers send it back over HTTPS, and over plain HTTP to localhost only), with a lifetime
/// and a `SameSite` rule each use chooses. A change of policy is made here, once.
enum SessionCookie {
    /// `sameSite` is `.lax` for cookies a link from elsewhere may carry (a visitor's session, a
    /// device), `.strict` for the admin's.
    static func make(
        _ name: String, value: String, lifetime: Int, path: String = "/", sameSite: Cookie.SameSite = .lax
    ) -> Cookie {
        Cookie(name: name, value: value, maxAge: lifetime, path: path, secure: true, httpOnly: true, sameSite: sameSite)
    }

    /// The cookie that makes the browser forget `name` (empty, expired at once).
    static func clearing(_ name: String, path: String = "/", sameSite: Cookie.SameSite = .lax) -> Cookie {
        make(name, value: "", lifetime: 0, path: path, sameSite: sameSite)
    }

    static let oneYear = 365 * 24 * 3_600
}
