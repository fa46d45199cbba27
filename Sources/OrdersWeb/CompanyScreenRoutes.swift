import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit
import WebCore

/// The company's back office under `/orders/business` (a desktop screen, behind
/// `--orders-admin-password`): companies, their agents and subscriptions, master-data uploads
/// turned into one-time codes, the orders received with their PDFs, and the mail still queued.
struct CompanyScreenRoutes {
    let screens: Screens
    let services: OrderServices
    var pending: PendingUploads { services.pendingUploads }
    var gate: AdminGate { AdminGate.ordersBusiness(services.adminPassword, sessions: services.adminSessions) }
    var store: CompanyStore { services.company }

    init(templates: Templates, services: OrderServices) {
        screens = Screens(templates: templates, navigation: [.init(label: "Back office", href: "/orders/business"), .init(label: "Agent", href: "/orders")], home: "/orders/business")
        self.services = services
    }

    struct CompanyForm: Decodable { let code: String; let name: String }
    struct AgentForm: Decodable { let username: String; let password: String }

    func register(on group: RouterGroup<WebRequestContext>) {
        registerMasterData(on: group, pending: pending)
        registerLogo(on: group)
        group.get { request, context in
            guard try await gate.hasSession(request) else { return try loginPage(nil).response(from: request, context: context) }
            let companies = try await store.companies().map { CompanyListPage.Entry(code: $0.code, name: $0.name) }
            return try screens.page("orders/business", CompanyListPage(companies: companies, pendingMail: try await services.outbox.pending().count))
                .response(from: request, context: context)
        }
        gate.registerLogInAndOut(on: group, disabled: CompanyText.disabled) { [self] error, status in loginPage(error, status: status) }
        group.post("companies") { request, _ in try await addCompany(request) }
        group.get("companies/:code") { request, context in
            try await requireSession(request)
            return try await companyPage(try companyCode(context), message: request.uri.queryParameters["done"].map(String.init))
        }
        group.post("companies/:code/agents") { request, context in try await addAgent(request, context) }
        group.post("companies/:code/agents/:username/end") { request, context in try await endAgent(request, context) }
        group.post("companies/:code/imports") { request, context in try await uploadImport(request, context) }
        group.get("companies/:code/orders/:number") { request, context in try await orderPDF(request, context) }
    }

    private func addCompany(_ request: Request) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let form = try await FormBody.decode(CompanyForm.self, from: request)
        try await refusal { _ = try await store.addCompany(code: form.code, name: form.name) }
        return seeOther("/orders/business/companies/\(form.code)")
    }

    private func addAgent(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let form = try await FormBody.decode(AgentForm.self, from: request)
        try await refusal { try await store.addAgent(company: code, username: form.username, password: form.password) }
        return seeOther(Notice.path("/orders/business/companies/\(code)", "agent \(form.username) added"))
    }

    private func endAgent(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await changeSubscription(request, context, done: "ended", with: store.endSubscription)
    }

    /// Ends or renews the subscription of the agent in the path, then back to the company with `done`.
    func changeSubscription(
        _ request: Request, _ context: WebRequestContext, done: String, with change: (_ company: String, _ username: String) async throws -> Void
    ) async throws -> Response {
        try await requireSession(request)
        let code = try companyCode(context)
        let username = context.parameters.get("username") ?? ""
        try await refusal { try await change(code, username) }
        return seeOther(Notice.path("/orders/business/companies/\(code)", "subscription of \(username) \(done)"))
    }

    private func uploadImport(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let kind = request.uri.queryParameters["kind"].flatMap { MasterDataKind(rawValue: String($0)) } ?? .customer
        let upload: UploadedFile
        do throws(UploadedFile.Failure) { upload = try await UploadedFile.read(from: request, field: "file") } catch {
            throw screens.failure(error.status, error.message, back: "/orders/business/companies/\(code)")
        }
        let isWholeList = request.uri.queryParameters["whole"] == "1"
        let result = try await refusal { try await store.importSpreadsheet(upload.bytes, kind: kind, company: code, isWholeList: isWholeList) }
        let summary = "\(result.recordCount) records: \(result.inserted) new, \(result.updated) changed, \(result.unchanged) unchanged, "
            + "\(result.deleted) removed; import code \(result.code)"
        return seeOther(Notice.path("/orders/business/companies/\(code)", summary))
    }

    private func orderPDF(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        try await requireSession(request)
        let code = try companyCode(context)
        let number = context.parameters.get("number", as: Int64.self) ?? -1
        guard let received = try await store.receivedOrders(company: code).first(where: { $0.number == number }) else {
            throw screens.failure(.notFound, "There is no order \(number) at \(code).")
        }
        let name = try await store.company(code: code)?.name ?? code
        let pdf = try OrderMail.document(for: received, companyName: name, logo: try await store.logo(company: code))
        return Response(status: .ok, headers: [.contentType: "application/pdf", .contentDisposition: "inline; filename=\"ordine-\(number).pdf\""], body: .init(byteBuffer: ByteBuffer(bytes: pdf)))
    }

    private func companyPage(_ code: String, message: String?) async throws -> HTML {
        guard let company = try await store.company(code: code) else { throw screens.failure(.notFound, "There is no company \(code).") }
        let orders = try await store.receivedOrders(company: code).map(CompanyPage.ReceivedOrder.init)
        return screens.page("orders/company", CompanyPage(
            title: company.name, code: company.code, name: company.name, orders: orders, noOrders: orders.isEmpty,
            agents: try await store.agents(company: code).map { .init(username: $0.username, ended: $0.subscriptionEnded) },
            recordCounts: try await recordCounts(code), done: message, hasLogo: try await store.logo(company: code) != nil))
    }

    /// How many records of each kind the company has, for the links to their lists.
    private func recordCounts(_ code: String) async throws -> [CompanyPage.KindCount] {
        let records = try await store.masterData(company: code)
        return MasterDataKind.allCases.map { kind in
            .init(value: kind.rawValue, label: CompanyText.label(kind), count: records.filter { $0.kind == kind }.count)
        }
    }

    private func loginPage(_ error: String?, status: HTTPResponse.Status = .ok) -> HTML {
        screens.page("orders/business-login", CompanyLoginPage(enabled: services.adminPassword != nil, error: error), status: status)
    }

    func requireSession(_ request: Request) async throws {
        guard try await gate.hasSession(request) else {
            throw screens.failure(.unauthorized, services.adminPassword == nil ? CompanyText.disabled : "Log in with the back office password first.")
        }
    }

    func companyCode(_ context: WebRequestContext) throws -> String {
        context.parameters.get("code") ?? ""
    }

    func refusal<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as LocalizedError {
            throw screens.failure(.badRequest, error.errorDescription ?? String(describing: error))
        }
    }
}

enum CompanyText {
    static let disabled = "The back office is switched off: start Bottega with --orders-admin-password (or BOTTEGA_ORDERS_ADMIN_PASSWORD)."

    static func label(_ kind: MasterDataKind) -> String {
        switch kind {
        case .customer: "customers"
        case .supplier: "suppliers"
        case .product: "products"
        case .discount: "discounts"
        }
    }
}
