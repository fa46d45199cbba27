import Foundation
import TicketKit
import WebCore

/// What the ticket screens and API need: the catalogue and sales store, and the operator's
/// admin password (nil: the admin screens and API are switched off).
public struct TicketServices: Sendable {
    public let store: TicketStore
    public let adminPassword: String?
    /// The admin screens' sessions.
    package private(set) var adminSessions: AdminSessions

    public init(store: TicketStore, adminPassword: String?, loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy()) {
        adminSessions = AdminSessions(area: "bottega_tickets_admin", throttle: LoginThrottle(policy: loginThrottle))
        self.store = store
        self.adminPassword = adminPassword.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension TicketServices {
    /// Keeps the admin's sessions and login counts in `shared` (the database).
    package mutating func keepSharedState(in shared: SharedStores, loginThrottle: LoginThrottlePolicy) {
        adminSessions = shared.sessions(ofArea: "bottega_tickets_admin", policy: loginThrottle)
    }
}
