import Foundation
import TicketKit
import WebCore

/// What the ticket screens and API need: the catalogue and sales store, and the operator's
/// admin password (nil: the admin screens and API are switched off).
public struct TicketServices: Sendable {
    public let store: TicketStore
    public let adminPassword: String?
    /// The admin screens' sessions, for as long as the server runs.
    let adminSessions: AdminSessions

    public init(store: TicketStore, adminPassword: String?, loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy()) {
        adminSessions = AdminSessions(throttle: LoginThrottle(policy: loginThrottle))
        self.store = store
        self.adminPassword = adminPassword.flatMap { $0.isEmpty ? nil : $0 }
    }
}
