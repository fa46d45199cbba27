import Foundation
import Hummingbird
import TicketKit

/// `/api/tickets/admin/…`: the operator edits the catalogue; every call needs the admin
/// password (HTTP Basic with any user name, or `Authorization: Bearer <password>`).
struct TicketAdminAPIRoutes {
    let services: TicketServices
    var store: TicketStore { services.store }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.put("provinces/:code") { request, context in try await saveProvince(request, context) }
        group.put("operators/:code") { request, context in try await saveOperator(request, context) }
        group.delete("operators/:code") { request, context in try deleteOperator(request, context) }
        group.put("products/:code") { request, context in try await saveProduct(request, context) }
        group.delete("products/:code") { request, context in try deleteProduct(request, context) }
    }

    private func saveProvince(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try authorise(request)
        let province = try await JSONInput.decode(Province.self, from: request, context: context)
        try matches(province.code, context)
        try ticketAPICall { try store.save(province) }
        return province
    }

    private func saveOperator(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try authorise(request)
        let op = try await JSONInput.decode(TransportOperator.self, from: request, context: context)
        try matches(op.code, context)
        try ticketAPICall { try store.save(op) }
        return op
    }

    private func deleteOperator(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        try authorise(request)
        try ticketAPICall { try store.deleteOperator(code: context.parameters.get("code") ?? "") }
        return Response(status: .noContent)
    }

    private func saveProduct(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try authorise(request)
        let product = try await JSONInput.decode(TicketProduct.self, from: request, context: context)
        try matches(product.code, context)
        try ticketAPICall { try store.save(product) }
        return product
    }

    private func deleteProduct(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        try authorise(request)
        try ticketAPICall { try store.deleteProduct(code: context.parameters.get("code") ?? "") }
        return Response(status: .noContent)
    }

    private func authorise(_ request: Request) throws {
        do throws(AdminGate.Refusal) {
            try AdminGate.tickets(services.adminPassword).check(request)
        } catch {
            switch error {
            case .disabled: throw APIError(.forbidden, "admin_disabled", TicketAdminText.disabled)
            case .missing: throw APIError(.unauthorized, "password_required", "The catalogue admin needs the admin password: HTTP Basic (any user name) or Authorization: Bearer <password>.")
            case .wrong: throw APIError(.unauthorized, "wrong_password", "That is not the admin password.")
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
