import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// `/orders/me` and `/api/orders/agent`: the agent's own details — printed on every order, and
/// the e-mail address the company copies each order's PDF to.
extension AgentScreenRoutes {
    static let profileFields = [
        FormField(name: "name", label: "Name", input: .text(), required: true, hint: "printed on every order"),
        FormField(name: "email", label: "E-mail", input: .text(type: "email"), hint: "the company sends you a copy of each order here"),
        FormField(name: "phone", label: "Phone", input: .text(type: "tel")),
        FormField(name: "mobile", label: "Mobile", input: .text(type: "tel")),
        FormField(name: "fax", label: "Fax", input: .text(type: "tel")),
        FormField(name: "address", label: "Address", input: .text()),
        FormField(name: "city", label: "City", input: .text()),
    ]

    func registerProfile(on group: RouterGroup<WebRequestContext>) {
        group.get("me") { request, _ in
            try profilePage(typed: (try store.agent()).map(AgentProfileFields.fields) ?? [:], done: request.uri.queryParameters["done"].map(String.init))
        }
        group.post("me") { request, _ in try await saveProfile(request) }
    }

    private func saveProfile(_ request: Request) async throws -> some ResponseGenerator {
        let fields = try await FormBody.fields(from: request)
        do {
            try store.save(AgentProfileFields.agent(fields))
        } catch let error as AgentStoreError {
            throw ScreenError(status: .badRequest, html: try profilePage(typed: fields, error: error.localizedDescription, status: .badRequest).text)
        }
        return seeOther(Notice.path("/orders/me", "Your details are saved"))
    }

    private func profilePage(typed: [String: String], done: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok) throws -> HTML {
        var page = RecordFormPage(
            title: "Your details", noun: "details", action: "/orders/me", fields: Self.profileFields.map { FormFieldView($0, value: typed[$0.name] ?? "") },
            submit: "Save", back: "/orders", backLabel: "Back to the orders")
        (page.done, page.error) = (done, error)
        return screens.page("orders/record", page, status: status)
    }
}

/// The agent as form or JSON fields, by the same names.
enum AgentProfileFields {
    static func fields(_ agent: Agent) -> [String: String] {
        ["name": agent.name, "email": agent.email, "phone": agent.phone, "mobile": agent.mobile, "fax": agent.fax, "address": agent.address, "city": agent.city]
    }

    static func agent(_ fields: [String: String]) -> Agent {
        let text = { (name: String) in fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "" }
        return Agent(
            name: text("name"), phone: text("phone"), fax: text("fax"), mobile: text("mobile"), email: text("email"), address: text("address"), city: text("city")
        )
    }
}

/// `GET /api/orders/agent` (404 until the details are saved) and `PUT /api/orders/agent` (the
/// fields to change; the others keep their value).
extension MasterDataAPIRoutes {
    func registerProfile(on group: RouterGroup<WebRequestContext>) {
        group.get("agent") { _, _ in try profileJSON() }
        group.put("agent") { request, _ in try await updateProfileJSON(request) }
    }

    private func profileJSON() throws -> some ResponseGenerator {
        guard let agent = try store.agent() else {
            throw APIError(.notFound, "no_agent_details", "The agent's details are not saved yet: PUT /api/orders/agent with at least a name.")
        }
        return AgentProfileFields.fields(agent)
    }

    private func updateProfileJSON(_ request: Request) async throws -> some ResponseGenerator {
        let changes = try await Self.fields(from: request)
        var fields = (try store.agent()).map(AgentProfileFields.fields) ?? [:]
        fields.merge(changes) { $1 }
        do {
            try store.save(AgentProfileFields.agent(fields))
        } catch let error as AgentStoreError {
            throw APIError(error)
        }
        return AgentProfileFields.fields(try store.agent() ?? AgentProfileFields.agent(fields))
    }
}
