import Crypto
import Foundation
import Hummingbird

/// A password in front of an admin area (the tickets catalogue, the Orders back office). The API
/// takes it as HTTP Basic (any user name) or a bearer token; the admin screens trade it for a
/// cookie holding an HMAC of the area's label under the password, so the password itself is never
/// stored in the browser and changing it signs every browser out.
struct AdminGate: Sendable {
    let password: String?
    /// The cookie's name, and the path it is sent to.
    let cookieName: String
    let path: String

    static func tickets(_ password: String?) -> AdminGate {
        AdminGate(password: password, cookieName: "bottega_tickets_admin", path: "/tickets/admin")
    }

    static func ordersBusiness(_ password: String?) -> AdminGate {
        AdminGate(password: password, cookieName: "bottega_orders_admin", path: "/orders/business")
    }

    enum Refusal: Error {
        case disabled
        case missing
        case wrong
    }

    /// Whether `candidate` is the password, compared in constant time.
    func accepts(_ candidate: String) -> Bool {
        guard let password else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            Self.mac(of: candidate), authenticating: Data("password".utf8), using: SymmetricKey(data: Data(password.utf8))
        )
    }

    /// Checks an API request's credentials.
    func check(_ request: Request) throws(Refusal) {
        guard password != nil else { throw .disabled }
        guard let candidate = Self.presentedPassword(request) else { throw .missing }
        guard accepts(candidate) else { throw .wrong }
    }

    /// Whether a screen request carries the admin cookie.
    func hasSession(_ request: Request) -> Bool {
        guard let password, let value = request.cookies[cookieName]?.value else { return false }
        let expected = sessionValue(password)
        return value.utf8.count == expected.utf8.count && zip(value.utf8, expected.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func sessionCookie() -> Cookie? {
        guard let password else { return nil }
        return SessionCookie.make(cookieName, value: sessionValue(password), lifetime: 8 * 3_600, path: path, sameSite: .strict)
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

    private func sessionValue(_ password: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("bottega admin session \(cookieName)".utf8), using: SymmetricKey(data: Data(password.utf8)))
        return Data(code).map { String(format: "%02x", $0) }.joined()
    }
}
