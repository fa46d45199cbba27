import Foundation
import Hummingbird
import OrderKit

/// `/orders/sync`: where the company's server is, the agent's account there, "Sync now", and
/// the import-code form (`AgentImportCode`).
extension AgentScreenRoutes {
    struct LinkForm: Decodable {
        let serverURL: String
        let company: String
        let username: String
        let password: String
    }

    func registerCompanyLink(on group: RouterGroup<WebRequestContext>) {
        group.get("sync") { request, _ in try syncPage(message: request.uri.queryParameters["done"].map(String.init)) }
        group.post("sync/link") { request, _ in
            let form = try await FormBody.decode(LinkForm.self, from: request)
            guard let url = URL(string: form.serverURL.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw screens.failure(.badRequest, "“\(form.serverURL)” is not a server address; write it as https://orders.example.com", back: "/orders/sync")
            }
            try store.save(CompanyLink(serverURL: url, account: CompanyAccount(company: form.company, username: form.username, password: form.password)))
            return seeOther(Notice.path("/orders/sync", "linked"))
        }
        group.post("sync/now") { _, _ in
            guard let link = try store.companyLink() else {
                throw screens.failure(.badRequest, "Link this app to your company first.", back: "/orders/sync")
            }
            let client = AgentSyncClient(transport: services.transport(link.serverURL), account: link.account)
            do {
                switch try await client.sync(into: store) {
                case .synced(let summary, _): return seeOther(Notice.path("/orders/sync", "\(summary.upserted) updated, \(summary.deleted) deleted"))
                case .subscriptionEnded: return seeOther(Notice.path("/orders/sync", "subscription ended: the company's data was removed"))
                }
            } catch let failure as AgentSyncClient.Failure {
                throw screens.failure(.badGateway, failure.localizedDescription, back: "/orders/sync")
            }
        }
    }

    /// The Sync screen; `error` (with its status) when an import code or a sync was refused.
    func syncPage(message: String?, error: String? = nil, status: HTTPResponse.Status = .ok, typedCode: String? = nil) throws -> HTML {
        let link = try store.companyLink()
        var values: [String: Any] = [
            "title": "Sync", "serverURL": link?.serverURL.absoluteString ?? "", "company": link?.account.company ?? "",
            "username": link?.account.username ?? "", "linked": link != nil,
        ]
        if let message { values["done"] = message }
        if let error { values["error"] = error }
        if let typedCode { values["importCode"] = typedCode }
        if let agent = try store.agent() {
            values["agentName"] = agent.name
            if !agent.email.isEmpty { values["agentEmail"] = agent.email }
        }
        return screens.page("orders/sync", values, status: status)
    }
}
