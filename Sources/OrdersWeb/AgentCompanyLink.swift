import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// `/orders/sync`: the agent's subscriptions (the thesis's "Sottoscrizione": a name, the
/// company's server and protocol, the account there), "Sync now" for each, and the import-code
/// form (`AgentImportCode`).
extension AgentScreenRoutes {
    struct LinkForm: Decodable {
        let serverURL: String
        let company: String
        let username: String
        let password: String
        let name: String?
        let syncProtocol: String?

        enum CodingKeys: String, CodingKey {
            case serverURL, company, username, password, name
            case syncProtocol = "protocol"
        }
    }

    func registerCompanyLink(on group: RouterGroup<WebRequestContext>) {
        group.get("sync") { request, _ in try syncPage(message: request.uri.queryParameters["done"].map(String.init)) }
        group.post("sync/link") { request, _ in try await linkCompany(request) }
        group.post("sync/now") { request, _ in try await syncNow(request) }
        // The same sync in the background, with its progress and a Cancel (§3.3.2).
        group.post("sync/jobs") { request, _ in try await startSyncJob(request) }
        group.get("sync/jobs/:job") { request, context in try await syncJobPage(request, context) }
        group.post("sync/jobs/:job/cancel") { _, context in try await cancelSyncJob(context) }
        group.post("sync/:subscription/delete") { _, context in try deleteSubscription(context) }
    }

    private func linkCompany(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(LinkForm.self, from: request)
        guard let url = URL(string: form.serverURL.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw screens.failure(.badRequest, "“\(form.serverURL)” is not a server address; write it as https://orders.example.com", back: "/orders/sync")
        }
        guard let syncProtocol = SyncProtocol(rawValue: form.syncProtocol ?? SyncProtocol.feed.rawValue) else {
            throw screens.failure(.badRequest, "“\(form.syncProtocol ?? "")” is not a protocol: choose Bottega (feed) or Order Sender (thesis).", back: "/orders/sync")
        }
        let account = CompanyAccount(company: form.company.trimmingCharacters(in: .whitespaces), username: form.username, password: form.password)
        try change(back: "/orders/sync") {
            try store.save(Subscription(name: form.name ?? account.company, serverURL: url, account: account, syncProtocol: syncProtocol))
        }
        return seeOther(Notice.path("/orders/sync", "linked"))
    }

    private func syncNow(_ request: Request) async throws -> some ResponseGenerator {
        let subscription = try chosenSubscription(request)
        let store = try store
        let client = try services.syncClient(for: subscription, of: store)
        do {
            switch try await client.sync(into: store) {
            case .synced(let summary, _):
                let resent = try await services.resendWaiting(of: subscription, from: store)
                return seeOther(Notice.path("/orders/sync", OrderServices.syncedNotice(subscription, summary, resent: resent)))
            case .subscriptionEnded:
                return seeOther(Notice.path("/orders/sync", "\(subscription.name): subscription ended, the company's data was removed"))
            }
        } catch let failure as AgentSyncClient.Failure {
            throw screens.failure(.badGateway, "\(subscription.name): " + (failure.errorDescription ?? ""), back: "/orders/sync")
        }
    }

    private func startSyncJob(_ request: Request) async throws -> some ResponseGenerator {
        let subscription = try chosenSubscription(request)
        let job = try await services.syncJobs.start(subscription, into: store, owner: try RequestAccount.id(), services: services)
        return seeOther("/orders/sync/jobs/\(job.uuidString)")
    }

    private func syncJobPage(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let job = try syncJob(context)
        guard let status = await services.syncJobs.status(job, owner: try RequestAccount.id()) else { throw screens.failure(.notFound, "That sync is over and forgotten.", back: "/orders/sync") }
        if status.state != .running {
            return seeOther(Notice.path("/orders/sync", status.message ?? status.state.rawValue))
        }
        return try screens.page("orders/sync-progress", SyncProgressPage(
            job: job.uuidString, applied: status.applied, total: status.total, counting: status.total > 0
        )).response(from: request, context: context)
    }

    private func cancelSyncJob(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let job = try syncJob(context)
        guard await services.syncJobs.cancel(job, owner: try RequestAccount.id()) else { throw screens.failure(.notFound, "That sync is over and forgotten.", back: "/orders/sync") }
        _ = await services.syncJobs.wait(job, owner: try RequestAccount.id())
        return seeOther("/orders/sync/jobs/\(job.uuidString)")
    }

    private func deleteSubscription(_ context: WebRequestContext) throws -> some ResponseGenerator {
        guard let id = context.parameters.get("subscription", as: Int64.self), let subscription = try store.subscription(id: id) else {
            throw screens.failure(.notFound, "There is no such subscription.", back: "/orders/sync")
        }
        try store.deleteSubscription(id: id)
        return seeOther(Notice.path("/orders/sync", "\(subscription.name) removed with the data it synced"))
    }

    func syncJob(_ context: WebRequestContext) throws -> UUID {
        guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)) else {
            throw screens.failure(.notFound, "There is no such sync.", back: "/orders/sync")
        }
        return job
    }

    /// The subscription named by `?subscription=ID`, else the first; a clear refusal without any.
    func chosenSubscription(_ request: Request) throws -> Subscription {
        if let id = try request.integerQuery("subscription", as: Int64.self, in: 1...Int64.max) {
            guard let subscription = try store.subscription(id: id) else {
                throw screens.failure(.notFound, "There is no subscription \(id).", back: "/orders/sync")
            }
            return subscription
        }
        guard let first = try store.subscriptions().first else {
            throw screens.failure(.badRequest, "Link this app to your company first.", back: "/orders/sync")
        }
        return first
    }

    /// The Sync screen; `error` (with its status) when an import code or a sync was refused.
    func syncPage(message: String?, error: String? = nil, status: HTTPResponse.Status = .ok, typedCode: String? = nil) throws -> HTML {
        let subscriptions = try store.subscriptions()
        let agent = try store.agent()
        return screens.page("orders/sync", SyncPage(
            linked: !subscriptions.isEmpty, subscriptions: subscriptions.map(SyncPage.Subscription.init), done: message, error: error,
            importCode: typedCode, agentName: agent?.name, agentEmail: agent.flatMap { $0.email.isEmpty ? nil : $0.email }), status: status)
    }
}
