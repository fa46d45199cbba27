import Foundation
import Hummingbird
import TicketKit
import WebCore

/// `/api/tickets/admin/…`: the operator edits the catalogue; every call needs the admin
/// password (HTTP Basic with any user name, or `Authorization: Bearer <password>`).
struct TicketAdminAPIRoutes {
    let services: TicketServices
    var store: TicketStore { services.store }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.put("provinces/:code") { request, context in try await save(Province.self, code: \.code, request, context, with: store.save) }
        group.put("operators/:code") { request, context in try await save(TransportOperator.self, code: \.code, request, context, with: store.save) }
        group.delete("operators/:code") { request, context in try await delete(request, context, with: store.deleteOperator) }
        group.put("products/:code") { request, context in try await save(TicketProduct.self, code: \.code, request, context, with: store.save) }
        group.delete("products/:code") { request, context in try await delete(request, context, with: store.deleteProduct) }
        // The Bottega-run operators' back office: purchases awaiting payment, paid or cancelled by hand.
        group.get("purchases") { request, context in
            try await authorise(request, context)
            return AdminPurchaseList(purchases: try store.purchasesAwaitingPayment().map(PurchaseBody.init))
        }
        group.post("purchases/:id/paid") { request, context in
            try await authorise(request, context)
            return PurchaseBody(try ticketAPICall { try store.markPaid(purchaseID: try purchaseID(context), reference: "back office") })
        }
        group.post("purchases/:id/cancel") { request, context in
            try await authorise(request, context)
            return PurchaseBody(try ticketAPICall { try store.cancel(purchaseID: try purchaseID(context), owner: nil) })
        }
        group.get("operators/:code/payment-secret") { request, context in
            try await authorise(request, context)
            let code = context.parameters.get("code") ?? ""
            guard try store.catalogue().operator(code: code) != nil else {
                throw APIError(.notFound, "unknown_operator", "There is no operator “\(code)” in the catalogue.")
            }
            return PaymentSecretBody(operator: code, secret: store.paymentSecret(operatorCode: code).withUnsafeBytes { Data($0) }.map { String(format: "%02x", $0) }.joined())
        }
    }

    private func purchaseID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw APIError(.notFound, "unknown_purchase", "There is no purchase \(context.parameters.get("id") ?? "").")
        }
        return id
    }

    /// A PUT of one catalogue record: the body, whose code must be the path's, saved as it is.
    private func save<Record: Decodable & ResponseGenerator>(
        _ type: Record.Type, code: KeyPath<Record, String>, _ request: Request, _ context: WebRequestContext, with save: (Record) throws -> Void
    ) async throws -> Record {
        try await authorise(request, context)
        let record = try await JSONInput.decode(type, from: request, context: context)
        try matches(record[keyPath: code], context)
        try ticketAPICall { try save(record) }
        return record
    }

    private func delete(_ request: Request, _ context: WebRequestContext, with delete: (String) throws -> Void) async throws -> Response {
        try await authorise(request, context)
        try ticketAPICall { try delete(context.parameters.get("code") ?? "") }
        return Response(status: .noContent)
    }

    private func authorise(_ request: Request, _ context: WebRequestContext) async throws {
        do {
            try await AdminGate.tickets(services.adminPassword, sessions: services.adminSessions).check(request, context: context)
        } catch let error as AdminGate.Refusal {
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

struct AdminPurchaseList: ResponseEncodable { let purchases: [PurchaseBody] }

/// What a Bottega-run operator's payment system signs its confirmations with (hex, 32 bytes).
struct PaymentSecretBody: ResponseEncodable {
    let `operator`: String
    let secret: String
}
