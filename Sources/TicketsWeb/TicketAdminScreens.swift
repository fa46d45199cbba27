import Foundation
import Hummingbird
import TicketKit
import WebCore

/// `/tickets/admin`: the operator's catalogue editor behind the admin password — operators (SMS
/// number, message syntax, services, provinces) and their products (prices, validity, periods).
struct TicketAdminScreens {
    let screens: Screens
    let services: TicketServices
    var gate: AdminGate { AdminGate.tickets(services.adminPassword, sessions: services.adminSessions) }
    var store: TicketStore { services.store }


    func register(on group: RouterGroup<WebRequestContext>) {
        group.get { request, context in
            guard try await gate.hasSession(request) else { return try loginPage(error: nil).response(from: request, context: context) }
            return try adminPage(message: request.uri.queryParameters["done"].map(String.init)).response(from: request, context: context)
        }
        gate.registerLogInAndOut(on: group, disabled: TicketAdminText.disabled) { [self] error, status in loginPage(error: error, status: status) }
        group.post("operators") { request, _ in try await saveOperator(request) }
        group.post("operators/:code/delete") { request, context in try await deleteOperator(request, context) }
        group.post("products") { request, _ in try await saveProduct(request) }
        group.post("products/:code/delete") { request, context in try await deleteProduct(request, context) }
        group.post("purchases/:id/paid") { request, context in try await settle(request, context, paid: true) }
        group.post("purchases/:id/cancel") { request, context in try await settle(request, context, paid: false) }
    }

    /// The back office marks a Bottega-run purchase paid (its tickets are signed) or cancels it.
    private func settle(_ request: Request, _ context: WebRequestContext, paid: Bool) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let id = context.parameters.get("id", as: Int64.self) ?? 0
        try edit {
            if paid { try store.markPaid(purchaseID: id, reference: "back office") } else { try store.cancel(purchaseID: id, owner: nil) }
        }
        return seeOther("/tickets/admin?done=purchase%20\(id)%20\(paid ? "paid" : "cancelled")#awaiting-payment")
    }

    private func saveOperator(_ request: Request) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let form = try await AdminOperatorForm.read(request)
        try edit { try store.save(try form.transportOperator()) }
        return seeOther("/tickets/admin?done=\(form.code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")#operator-\(form.code)")
    }

    private func deleteOperator(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = context.parameters.get("code") ?? ""
        try edit { try store.deleteOperator(code: code) }
        return seeOther("/tickets/admin?done=\(code)")
    }

    private func saveProduct(_ request: Request) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let form = try await FormBody.decode(AdminProductForm.self, from: request)
        try edit { try store.save(try form.product()) }
        return seeOther("/tickets/admin?done=\(form.code)#operator-\(form.operatorCode)")
    }

    private func deleteProduct(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = context.parameters.get("code") ?? ""
        try edit { try store.deleteProduct(code: code) }
        return seeOther("/tickets/admin?done=\(code)")
    }

    private func requireSession(_ request: Request) async throws {
        guard try await gate.hasSession(request) else {
            throw screens.failure(.unauthorized, services.adminPassword == nil ? TicketAdminText.disabled : "Log in with the admin password first.", back: "/tickets/admin")
        }
    }

    private func edit(_ body: () throws -> Void) throws {
        do { try body() } catch { throw screens.failure(.badRequest, error.localizedDescription, back: "/tickets/admin") }
    }

    private func loginPage(error: String?, status: HTTPResponse.Status = .ok) -> HTML {
        screens.page("tickets/admin-login", AdminLoginPage(enabled: services.adminPassword != nil, error: error), status: status)
    }

    private func adminPage(message: String?) throws -> HTML {
        let catalogue = try store.catalogue()
        let operators = catalogue.operators.sorted { $0.name < $1.name }.map { op in
            AdminOperatorView(op, products: catalogue.products(operatorCode: op.code))
        }
        let awaiting = try store.purchasesAwaitingPayment().map(AdminPage.AwaitingPurchase.init)
        return screens.page("tickets/admin", AdminPage(operators: operators, done: message, awaiting: awaiting, noneAwaiting: awaiting.isEmpty))
    }
}

struct AdminLoginPage: Encodable {
    let title = "Catalogue admin"
    let enabled: Bool
    let error: String?
}

struct AdminPage: Encodable {
    let title = "Catalogue admin"
    let operators: [AdminOperatorView]
    let periods = SubscriptionPeriod.allCases.map(\.rawValue)
    /// What was just saved or deleted.
    let done: String?
    /// Bottega-run purchases awaiting payment, oldest first.
    let awaiting: [AwaitingPurchase]
    let noneAwaiting: Bool

    struct AwaitingPurchase: Encodable {
        let id: Int64
        let operatorName, total, created, lines: String

        init(_ purchase: Purchase) {
            (id, operatorName, total) = (purchase.id, purchase.operatorName, purchase.total.formatted)
            created = DayText.local(purchase.created, in: TimeZone(identifier: "Europe/Rome") ?? .gmt)
            lines = purchase.lines.map { "\($0.quantity) × \($0.productName)" }.joined(separator: ", ")
        }
    }
}

enum TicketAdminText {
    static let disabled = "The catalogue admin is switched off: start Bottega with --tickets-admin-password (or BOTTEGA_TICKETS_ADMIN_PASSWORD) to edit the catalogue."
}
