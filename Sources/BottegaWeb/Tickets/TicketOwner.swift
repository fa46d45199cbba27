import BarcodeWallet
import Credentials
import Foundation
import Hummingbird

/// Whose tickets these are: a signed-in wallet user's ("user:7"), or this browser's when nobody
/// is signed in ("device:<digest>"), so "My tickets" never shows one visitor another's tickets.
struct TicketOwner: Sendable {
    let key: String
    /// Set on the response when the browser had no device cookie yet.
    let newCookie: Cookie?

    static let deviceCookieName = "bottega_device"

    /// A wallet session that has ended is refused (``DeadSession``), never taken for this browser.
    static func of(_ request: Request, sessions: WalletSessions) throws(DeadSession) -> TicketOwner {
        if let user = try sessions.signedInUserOrNone(request), !user.isDefault {
            return TicketOwner(key: key(of: user), newCookie: nil)
        }
        if let device = device(of: request) {
            return TicketOwner(key: device, newCookie: nil)
        }
        let device = SessionToken.generate()
        let cookie = SessionCookie.make(deviceCookieName, value: device, lifetime: SessionCookie.oneYear)
        return TicketOwner(key: "device:\(SessionToken.digest(device))", newCookie: cookie)
    }

    static func key(of user: WalletUser) -> String { "user:\(user.id)" }

    /// This browser's owner key, from its device cookie; nil without one.
    static func device(of request: Request) -> String? {
        deviceDigest(of: request).map { "device:\($0)" }
    }

    /// The digest of this browser's device cookie; nil without one.
    static func deviceDigest(of request: Request) -> String? {
        guard let device = request.cookies[deviceCookieName]?.value, !device.isEmpty else { return nil }
        return SessionToken.digest(device)
    }

    /// `response` with the device cookie added when it is new.
    func applied(to response: Response) -> Response {
        guard let newCookie else { return response }
        var response = response
        response.setCookie(newCookie)
        return response
    }
}
