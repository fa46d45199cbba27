import Credentials
import Foundation
import Hummingbird
import WebCore

/// Whose tickets these are: a signed-in wallet user's ("user:7"), or this browser's when nobody
/// is signed in ("device:<digest>"), so "My tickets" never shows one visitor another's tickets.
package struct TicketOwner: Sendable {
    let key: String
    /// Set on the response when the browser had no device cookie yet.
    let newCookie: Cookie?

    /// A wallet session that has ended is refused (``DeadSession``), never taken for this browser.
    static func of(_ request: Request, sessions: any Accounts) throws(DeadSession) -> TicketOwner {
        if let account = try sessions.signedInAccount(request), !account.isFirst {
            return TicketOwner(key: key(ofAccount: account.id), newCookie: nil)
        }
        if let device = device(of: request) {
            return TicketOwner(key: device, newCookie: nil)
        }
        let cookie = sessions.newDeviceCookie()
        return TicketOwner(key: "device:\(SessionToken.digest(cookie.value))", newCookie: cookie)
    }

    package static func key(ofAccount id: Int64) -> String { "user:\(id)" }

    /// This browser's owner key, from its device cookie; nil without one.
    static func device(of request: Request) -> String? {
        DeviceCookie.digest(of: request).map { "device:\($0)" }
    }


    /// `response` with the device cookie added when it is new.
    func applied(to response: Response) -> Response {
        guard let newCookie else { return response }
        var response = response
        response.setCookie(newCookie)
        return response
    }
}
