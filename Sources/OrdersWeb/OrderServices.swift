import Credentials
import Foundation
import MailOutbox
import OrderCompany
import OrderKit
import OrderTransport
import WebCore

/// What the Orders routes need: the company's store and sync answers and the outbox its order
/// e-mails wait in (the company's side), and the agent's own store and a way to reach the
/// company (the agent's side; one Bottega can be either or both).
public struct OrderServices: Sendable {
    public let company: CompanyStore
    public let sync: CompanySyncServer
    public let outbox: MailOutbox
    /// The first account's agent data (the single user's); routes use ``agents``.
    public var agent: AgentStore { agents.first }
    /// Every account's agent data.
    package let agents: AgentStores
    /// The transport to the agent's company server at a URL (tests give a local one).
    public let transport: @Sendable (URL) -> any CompanyTransport
    /// The back office's password (nil: the back office is switched off).
    public let adminPassword: String?
    /// The agent's syncs running in the background, with their progress.
    private(set) var syncJobs = SyncJobs()
    /// The back office's sessions.
    package private(set) var adminSessions: AdminSessions
    /// The company's agents' log-ins (both sync protocols, orders sent).
    private(set) var agentLogins: AgentLogins
    /// Uploads previewed in the back office, waiting for "Apply".
    private(set) var pendingUploads = PendingUploads()

    public init(
        company: CompanyStore, outbox: MailOutbox, agent: AgentStore, keys: KeyFile, firstAccount: Int64, adminPassword: String? = nil,
        transport: @escaping @Sendable (URL) -> any CompanyTransport = { HTTPCompanyTransport(baseURL: $0) },
        loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy()
    ) {
        adminSessions = AdminSessions(area: "bottega_orders_admin", throttle: LoginThrottle(policy: loginThrottle))
        agentLogins = AgentLogins(throttle: LoginThrottle(policy: loginThrottle))
        var company = company
        company.passwordWork = SlowWork.passwordWork
        self.company = company
        self.sync = CompanySyncServer(store: company)
        self.outbox = outbox
        agents = AgentStores(first: agent, firstAccount: firstAccount, keys: keys)
        self.adminPassword = adminPassword.flatMap { $0.isEmpty ? nil : $0 }
        self.transport = transport
    }
}

extension OrderServices {
    /// Keeps the back office's sessions, the agents' and the admin's login counts, the previewed
    /// uploads and the syncs' statuses in `shared` (the database), so servers sharing it share
    /// them too.
    package mutating func keepSharedState(in shared: SharedStores, loginThrottle: LoginThrottlePolicy) {
        adminSessions = shared.sessions(ofArea: "bottega_orders_admin", policy: loginThrottle)
        agentLogins = AgentLogins(throttle: shared.loginThrottle(loginThrottle))
        pendingUploads = PendingUploads(store: shared.uploadPreviews)
        syncJobs = SyncJobs(store: shared.jobs)
    }
}
