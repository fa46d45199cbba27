import Crypto
import Foundation
import Hummingbird

/// A password in front of an admin area (the tickets catalogue, the Orders back office). The API
/// takes it as HTTP Basic (any user name) or a bearer token; the admin screens trade it for a
/// session cookie (``AdminSessions``: random, server-side, ended by logout or after 8 hours).
package struct AdminGate: Sendable {
    package init(password: String?, sessions: AdminSessions, cookieName: String, path: String) {
        self.password = password
        self.sessions = sessions
        self.cookieName = cookieName
        self.path = path
    }

    package let password: String?
    package let sessions: AdminSessions
    /// The cookie's name, and the path it is sent to.
    package let cookieName: String
    package let path: String

    package static func tickets(_ password: String?, sessions: AdminSessions) -> AdminGate {
        AdminGate(password: password, sessions: sessions, cookieName: "bottega_tickets_admin", path: "/tickets/admin")
    }

    package static func ordersBusiness(_ password: String?, sessions: AdminSessions) -> AdminGate {
        AdminGate(password: password, sessions: sessions, cookieName: "bottega_orders_admin", path: "/orders/business")
    }

    package enum Refusal: Error {
        case disabled
        case missing
        case wrong
        case throttled(TooManyAttempts)
    }

    /// Whether `candidate` is the password, compared in constant time.
    package func accepts(_ candidate: String) -> Bool {
        guard let password else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            Self.mac(of: candidate), authenticating: Data("password".utf8), using: SymmetricKey(data: Data(password.utf8))
        )
    }

    /// Checks an API request's credentials, through the throttle: throws a ``Refusal``, or the
    /// store's error when the throttle's database cannot be read.
    package func check(_ request: Request, context: WebRequestContext) async throws {
        guard password != nil else { throw Refusal.disabled }
        guard let candidate = Self.presentedPassword(request) else { throw Refusal.missing }
        do {
            try await sessions.throttle.check(throttleKeys(context))
        } catch let error as TooManyAttempts {
            throw Refusal.throttled(error)
        }
        guard accepts(candidate) else {
            try await sessions.throttle.failed(throttleKeys(context))
            throw Refusal.wrong
        }
    }

    /// The screens' log-in through the throttle: a session cookie for the right password, nil for
    /// a wrong one (counted); ``TooManyAttempts`` (429) while the area or the address is closed.
    package func logIn(_ candidate: String, context: WebRequestContext) async throws -> Cookie? {
        let keys = throttleKeys(context)
        try await sessions.throttle.check(keys)
        guard accepts(candidate) else {
            try await sessions.throttle.failed(keys)
            return nil
        }
        try await sessions.throttle.succeeded(keys)
        return try await startSession()
    }

    /// The area is one account: guesses from many addresses close it to new addresses, while
    /// an address the admin has logged in from stays open to the admin (``LoginThrottle``).
    private func throttleKeys(_ context: WebRequestContext) -> LoginAttempt {
        LoginAttempt(scope: cookieName, account: "admin", source: context.clientNetwork)
    }

    /// The admin screens' log-in and log-out routes, one way for every area: `login` trades the
    /// form's `password` for a session and goes to the area (`path`); a wrong password, or an area
    /// switched off (`disabled` says how to switch it on), shows `loginPage` again with 401 or 403.
    package func registerLogInAndOut(
        on group: RouterGroup<WebRequestContext>, disabled: String, loginPage: @escaping @Sendable (String, HTTPResponse.Status) -> HTML
    ) {
        group.post("login") { request, context in
            let candidate = (try await FormBody.fields(from: request))["password"] ?? ""
            guard password != nil else { return try loginPage(disabled, .forbidden).response(from: request, context: context) }
            guard let cookie = try await logIn(candidate, context: context) else {
                return try loginPage("That is not the password.", .unauthorized).response(from: request, context: context)
            }
            var response = seeOther(path)
            response.setCookie(cookie)
            return response
        }
        group.post("logout") { request, _ in
            var response = seeOther(path)
            response.setCookie(try await endSession(request))
            return response
        }
    }

    /// Whether a screen request carries a live admin session.
    package func hasSession(_ request: Request) async throws -> Bool {
        guard password != nil, let value = request.cookies[cookieName]?.value else { return false }
        return try await sessions.isLive(value)
    }

    /// A new session's cookie, after the password was accepted.
    package func startSession() async throws -> Cookie? {
        guard password != nil else { return nil }
        return SessionCookie.make(cookieName, value: try await sessions.start(), lifetime: Int(AdminSessions.lifetime), path: path, sameSite: .strict)
    }

    /// Ends the request's session; the cookie that makes the browser forget it.
    package func endSession(_ request: Request) async throws -> Cookie {
        if let value = request.cookies[cookieName]?.value { try await sessions.end(value) }
        return SessionCookie.clearing(cookieName, path: path, sameSite: .strict)
    }

    private static func presentedPassword(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let lower = header.lowercased()
        if lower.hasPrefix("bearer ") { return String(header.dropFirst(7)) }
        if lower.hasPrefix("basic "), let data = Data(base64Encoded: String(header.dropFirst(6))), let pair = String(data: data, encoding: .utf8),
           let colon = pair.firstIndex(of: ":") {
            return String(pair[pair.index(after: colon)...])
        }
        return nil
    }

    private static func mac(of password: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data("password".utf8), using: SymmetricKey(data: Data(password.utf8))))
    }
}
