import Foundation
import Hummingbird
import NIOCore
import OrderCompany
import OrderKit
import WebCore

/// The order form: each post changes one thing and is committed before the page comes back, so
/// killing the server mid-edit loses nothing already submitted.
extension AgentScreenRoutes {
    struct HeaderForm: Decodable {
        let customer: String?
        let supplier: String?
        let delivery: String?
        let payment: String?
        let bank: String?
        let packing: String?
        let deliveryTerms: String?
        let notes: String?
        /// "1": only the posted fields change (the auto-save's posts).
        let partial: String?
    }

    struct LineForm: Decodable {
        let product: Int64
        let quantity: Int
    }

    struct QuantityForm: Decodable {
        let quantity: Int
    }

    func registerOrderForm(on group: RouterGroup<WebRequestContext>) {
        group.get(":id") { _, context in try orderPage(try orderID(context)) }
        group.post(":id") { request, context in try await saveOrderForm(request, context) }
        group.post(":id/lines") { request, context in try await addLine(request, context) }
        group.post(":id/lines/:index") { request, context in try await changeLine(request, context) }
        group.post(":id/lines/:index/delete") { _, context in try removeLine(context) }
        group.post(":id/send") { request, context in try await sendOrder(request, context) }
        group.getHeavy(":id/pdf") { _, context in try orderPDF(context) }
        group.post(":id/delete") { _, context in try deleteOrder(context) }
    }

    private func saveOrderForm(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let form = try await FormBody.decode(HeaderForm.self, from: request)
        try orderChange(id) {
            guard var order = try store.order(id: id) else { return }
            // The auto-save posts only the fields the agent changed (`partial=1`): a page drawn
            // before its last save reached the server never writes its stale values back.
            let isPartial = form.partial == "1"
            func value(_ posted: String?, _ stored: String) -> String { posted ?? (isPartial ? stored : "") }
            if !isPartial || form.customer != nil { order.customerID = form.customer.flatMap(Int64.init) }
            if !isPartial || form.supplier != nil { order.supplierID = form.supplier.flatMap(Int64.init) }
            order.delivery = value(form.delivery, order.delivery)
            order.payment = value(form.payment, order.payment)
            order.bank = value(form.bank, order.bank)
            order.packing = value(form.packing, order.packing)
            order.deliveryTerms = value(form.deliveryTerms, order.deliveryTerms)
            order.notes = value(form.notes, order.notes)
            _ = try store.update(order)
        }
        return seeOther("/orders/\(id)")
    }

    private func addLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let form = try await FormBody.decode(LineForm.self, from: request)
        try orderChange(id) { _ = try store.addLine(orderID: id, productID: form.product, quantity: form.quantity) }
        return seeOther("/orders/\(id)#lines")
    }

    private func changeLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let form = try await FormBody.decode(QuantityForm.self, from: request)
        let index = context.parameters.get("index", as: Int.self) ?? -1
        try orderChange(id) { _ = try store.changeQuantity(orderID: id, lineIndex: index, quantity: form.quantity) }
        return seeOther("/orders/\(id)#lines")
    }

    private func removeLine(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try orderID(context)
        let index = context.parameters.get("index", as: Int.self) ?? -1
        try orderChange(id) { _ = try store.removeLine(orderID: id, lineIndex: index) }
        return seeOther("/orders/\(id)#lines")
    }

    private func sendOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        guard let order = try store.order(id: id) else { throw screens.failure(.notFound, "There is no order \(id).") }
        guard let subscription = try store.subscription(forOrder: order) else {
            if try store.subscriptions().isEmpty {
                throw screens.failure(.badRequest, "Link this app to your company first (Sync): the order needs a server to go to.", back: "/orders/sync")
            }
            throw screens.failure(
                .conflict, "This order's supplier belongs to none of your companies, so no company's server takes it: print its PDF and send it by hand.",
                back: "/orders/\(id)")
        }
        let form = try await FormBody.decode(RecipientsForm.self, from: request)
        _ = try await change(back: "/orders/\(id)") {
            try await OrderSender(transport: services.transport(subscription.serverURL), account: subscription.account)
                .send(orderID: id, from: store, recipients: form.recipients, companyName: subscription.name)
        }
        return seeOther("/orders/\(id)")
    }

    private func orderPDF(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try orderID(context)
        guard let order = try store.order(id: id) else { throw screens.failure(.notFound, "There is no order \(id).") }
        let printed: AgentOrderDocument.Printed
        do {
            printed = try change(back: "/orders/\(id)") { try AgentOrderDocument.pdf(of: order, from: store) }
        } catch AgentOrderDocumentError.needsParties {
            throw screens.failure(.conflict, "The order needs its customer and supplier before it can be printed.", back: "/orders/\(id)")
        }
        return Response(
            status: .ok, headers: [.contentType: "application/pdf", .contentDisposition: "inline; filename=\"\(printed.filename)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: printed.bytes)))
    }

    private func deleteOrder(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try orderID(context)
        try change(back: "/orders/\(id)") { try store.delete(orderID: id) }
        return seeOther("/orders")
    }

    /// The send form's recipients; all three or none (a form without them sends to the stored addresses).
    struct RecipientsForm: Decodable {
        let customerEmail: String?
        let supplierEmail: String?
        let agentEmail: String?

        var recipients: OrderRecipients? {
            guard let customerEmail, let supplierEmail, let agentEmail else { return nil }
            return OrderRecipients(customer: customerEmail, supplier: supplierEmail, agentCopy: agentEmail)
        }
    }

    /// Runs one change of order `id`'s form. A refusal (a discount of four levels, a quantity
    /// below zero, a locked order) shows the order again with why, at 4xx: the agent stays on
    /// the form and fixes it there, never on a page of its own.
    func orderChange<T>(_ id: Int64, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AgentStoreError {
            throw ScreenError(status: error.status, html: try orderPage(id, error: Self.sentence(error.errorDescription ?? error.code), status: error.status).text)
        } catch let error as LocalizedError {
            throw ScreenError(status: .badRequest, html: try orderPage(id, error: Self.sentence(error.errorDescription ?? "\(error)"), status: .badRequest).text)
        }
    }

    /// A select's options: the first records and the chosen one (``FirstAndChosen``).
    private static func choices<Record>(
        _ first: [Record], chosen: Int64?, id: KeyPath<Record, Int64?>, name: KeyPath<Record, String>, lookUp: (Int64) throws -> Record?
    ) rethrows -> [PartyChoice] {
        try FirstAndChosen.records(first, chosen: chosen, id: id, lookUp: lookUp).map {
            PartyChoice(id: $0[keyPath: id] ?? 0, name: $0[keyPath: name], selected: $0[keyPath: id] == chosen)
        }
    }

    private static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".") }

    private func orderPage(_ id: Int64, error: String? = nil, status: HTTPResponse.Status = .ok) throws -> HTML {
        guard let live = try store.order(id: id) else { throw screens.failure(.notFound, "There is no order \(id).") }
        let snapshot = try store.snapshot(orderID: id)
        // A locked order is shown as it was sent: its lines, parties and terms from the snapshot.
        var order = snapshot?.submission.order ?? live
        (order.id, order.state, order.companyNumber) = (live.id, live.state, live.companyNumber)
        let products = try store.products(supplierID: order.supplierID).map { product in
            OrderPage.ProductChoice(
                id: product.id ?? 0, label: "\(product.code) — \(product.description) (\(product.price.formattedItalian), min. \(product.minimumQuantity))",
                minimum: product.minimumQuantity)
        }
        let totals: OrderTotals
        do throws(PricingError) { totals = try order.totals() } catch { throw screens.failure(.internalServerError, error.localizedDescription) }
        var isEditable = snapshot == nil
        if case .sent = order.state { isEditable = false }
        var page = OrderPage(
            title: "Order \(id)", id: id, state: OrderStateView(order.state), editable: isEditable,
            customers: isEditable
                ? try Self.choices(store.customers(limit: FirstAndChosen.limit), chosen: order.customerID, id: \.id, name: \.companyName, lookUp: store.customer(id:)) : [],
            suppliers: isEditable
                ? try Self.choices(store.suppliers(limit: FirstAndChosen.limit), chosen: order.supplierID, id: \.id, name: \.name, lookUp: store.supplier(id:)) : [],
            products: isEditable ? products : [], hasProducts: !products.isEmpty,
            lines: order.lines.enumerated().map { OrderLineView($1, index: $0) }, hasLines: !order.lines.isEmpty,
            gross: totals.gross.formattedItalian, discountTotal: totals.discount.formattedItalian, net: totals.net.formattedItalian,
            delivery: order.delivery, payment: order.payment, bank: order.bank, packing: order.packing, deliveryTerms: order.deliveryTerms,
            notes: order.notes, problems: isEditable ? try store.sendingProblems(orderID: id).map { $0.localizedDescription } : [],
            terms: [
                ("Delivery", order.delivery), ("Payment", order.payment), ("Bank", order.bank), ("Packing", order.packing),
                ("Delivery terms", order.deliveryTerms), ("Notes", order.notes),
            ].filter { !$0.1.isEmpty }.map { OrderPage.Term(label: $0.0, value: $0.1) },
            agentEmail: try store.agent()?.email ?? "", companyNumber: order.companyNumber.map(String.init))
        page.locked = snapshot != nil
        page.formError = error
        page.hasProblems = !page.problems.isEmpty
        if isEditable, let hint = FirstAndChosen.hint(try store.customerCount(), "customers") {
            page.customersHint = hint + "."
        }
        if let snapshot {
            let sent = snapshot.submission
            (page.customerName, page.customerEmailShown) = (sent.customer.companyName, sent.customer.email.isEmpty ? nil : sent.customer.email)
            (page.supplierName, page.supplierEmailShown) = (sent.supplier.name, sent.supplier.email.isEmpty ? nil : sent.supplier.email)
            page.recipients = [sent.supplier.email, sent.customer.email, sent.agent.email].filter { !$0.isEmpty }
            return screens.page("orders/order", page, status: status)
        }
        let owner = try store.subscription(forOrder: order)
        page.sentByHand = try order.supplierID != nil && owner == nil && !store.subscriptions().isEmpty
        if let customerID = order.customerID, let customer = try store.customer(id: customerID) {
            (page.customerID, page.customerEmail, page.customerName) = (String(customerID), customer.email, customer.companyName)
            page.customerEmailShown = customer.email.isEmpty ? nil : customer.email
        }
        if let supplierID = order.supplierID, let supplier = try store.supplier(id: supplierID) {
            (page.supplierID, page.supplierEmail, page.supplierName) = (String(supplierID), supplier.email, supplier.name)
            page.supplierEmailShown = supplier.email.isEmpty ? nil : supplier.email
        }
        return screens.page("orders/order", page, status: status)
    }
}
