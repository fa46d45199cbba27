import Foundation
import Hummingbird
import TicketKit

/// `/api/tickets/admin/…`: the operator edits the catalogue; every call needs the admin
/// password (HTTP Basic with any user name, or `Authorization: Bearer <password>`).
struct TicketAdminAPIRoutes {
    let services: TicketServices
    var store: TicketStore { services.store }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.put("provinces/:code") { request, context in try await save(Province.self, code: \.code, request, context, with: store.save) }
        group.put("operators/:code") { request, context in try await save(TransportOperator.self, code: \.code, request, context, with: store.save) }
        group.delete("operators/:code") { request, context in try delete(request, context, with: store.deleteOperator) }
        group.put("products/:code") { request, context in try await save(TicketProduct.self, code: \.code, request, context, with: store.save) }
        group.delete("products/:code") { request, context in try delete(request, context, with: store.deleteProduct) }
    }

    /// A PUT of one catalogue record: the body, whose code must be the path's, saved as it is.
    private func save<Record: Decodable & ResponseGenerator>(
        _ type: Record.Type, code: KeyPath<Record, String>, _ request: Request, _ context: WebRequestContext, with save: (Record) throws -> Void
    ) async throws -> Record {
        try authorise(request, context)
        let record = try await JSONInput.decode(type, from: request, context: context)
        try matches(record[keyPath: code], context)
        try ticketAPICall { try save(record) }
        return record
    }

    private func delete(_ request: Request, _ context: WebRequestContext, with delete: (String) throws -> Void) throws -> Response {
        try authorise(request, context)
        try ticketAPICall { try delete(context.parameters.get("code") ?? "") }
        return Response(status: .noContent)
    }

    private func authorise(_ request: Request, _ context: WebRequestContext) throws {
        do throws(AdminGate.Refusal) {
            try AdminGate.tickets(services.adminPassword, sessions: services.adminSessions).check(request, context: context)
        } catch {
            switch error {
            case .disabled: throw APIError(.forbidden, "admin_disabled", TicketAdminText.disabled)
            case .missing: throw APIError(.unauthorized, "password_required", "The catalogue admin needs the admin password: HTTP Basic (any user name) or Authorization: Bearer <password>.")
            case .wrong: throw APIError(.unauthorized, "wrong_password", "That is not the admin password.")
            case .throttled(let refusal): throw refusal
            }
        }
    }

    /// The code in the path and in the body must agree, so a PUT never writes another record.
    private func matches(_ code: String, _ context: WebRequestContext) throws {
        let pathCode = context.parameters.get("code") ?? ""
        guard pathCode == code else {
            throw APIError(.badRequest, "code_mismatch", "The path names “\(pathCode)” but the body is “\(code)”; they must be the same.")
        }
    }
}
