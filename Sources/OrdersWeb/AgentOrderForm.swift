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
        try change(back: "/orders/\(id)") {
            guard var order = try store.order(id: id) else { return }
            order.customerID = form.customer.flatMap(Int64.init)
            order.supplierID = form.supplier.flatMap(Int64.init)
            order.delivery = form.delivery ?? ""
            order.payment = form.payment ?? ""
            order.bank = form.bank ?? ""
            order.packing = form.packing ?? ""
            order.deliveryTerms = form.deliveryTerms ?? ""
            order.notes = form.notes ?? ""
            _ = try store.update(order)
        }
        return seeOther("/orders/\(id)")
    }

    private func addLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let form = try await FormBody.decode(LineForm.self, from: request)
        try change(back: "/orders/\(id)") { _ = try store.addLine(orderID: id, productID: form.product, quantity: form.quantity) }
        return seeOther("/orders/\(id)#lines")
    }

    private func changeLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let form = try await FormBody.decode(QuantityForm.self, from: request)
        let index = context.parameters.get("index", as: Int.self) ?? -1
        try change(back: "/orders/\(id)") { _ = try store.changeQuantity(orderID: id, lineIndex: index, quantity: form.quantity) }
        return seeOther("/orders/\(id)#lines")
    }

    private func removeLine(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try orderID(context)
        let index = context.parameters.get("index", as: Int.self) ?? -1
        try change(back: "/orders/\(id)") { _ = try store.removeLine(orderID: id, lineIndex: index) }
        return seeOther("/orders/\(id)#lines")
    }

    private func sendOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        guard let order = try store.order(id: id), let subscription = try store.subscription(forOrder: order) else {
            throw screens.failure(.badRequest, "Link this app to your company first (Sync): the order needs a server to go to.", back: "/orders/sync")
        }
        let form = try await FormBody.decode(RecipientsForm.self, from: request)
        try await OrderSender(transport: services.transport(subscription.serverURL), account: subscription.account)
            .send(orderID: id, from: store, recipients: form.recipients)
        return seeOther("/orders/\(id)")
    }

    private func orderPDF(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try orderID(context)
        guard let order = try store.order(id: id), let customerID = order.customerID, let supplierID = order.supplierID,
              let customer = try store.customer(id: customerID), let supplier = try store.supplier(id: supplierID) else {
            throw screens.failure(.conflict, "The order needs its customer and supplier before it can be printed.", back: "/orders/\(id)")
        }
        let subscription = try store.subscription(forOrder: order)
        let agent = try store.agent() ?? Agent(name: subscription?.account.username ?? "")
        var sentAt = order.date
        if case .sent(let at) = order.state { sentAt = at }
        let document = ReceivedOrder(
            number: order.companyNumber ?? id, agent: agent.name, submission: OrderSubmission(order: order, customer: customer, supplier: supplier, agent: agent),
            receivedAt: sentAt, isNew: false)
        let content = try change(back: "/orders/\(id)") { try document.documentContent(companyName: subscription?.name ?? supplier.name) }
        let pdf = OrderDocument(content: content).pdf(creationDate: sentAt)
        return Response(
            status: .ok, headers: [.contentType: "application/pdf", .contentDisposition: "inline; filename=\"ordine-\(order.companyNumber ?? id).pdf\""],
            body: .init(byteBuffer: ByteBuffer(bytes: pdf)))
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

    private func orderPage(_ id: Int64) throws -> HTML {
        guard let order = try store.order(id: id) else { throw screens.failure(.notFound, "There is no order \(id).") }
        let products = try store.products(supplierID: order.supplierID).map { product in
            OrderPage.ProductChoice(
                id: product.id ?? 0, label: "\(product.code) — \(product.description) (\(product.price.formattedItalian), min. \(product.minimumQuantity))",
                minimum: product.minimumQuantity)
        }
        let totals = try store.totals(of: id)
        var isEditable = true
        if case .sent = order.state { isEditable = false }
        var page = OrderPage(
            title: "Order \(id)", id: id, state: OrderStateView(order.state), editable: isEditable,
            customers: try store.customers().map { PartyChoice(id: $0.id ?? 0, name: $0.companyName, selected: $0.id == order.customerID) },
            suppliers: try store.suppliers().map { PartyChoice(id: $0.id ?? 0, name: $0.name, selected: $0.id == order.supplierID) },
            products: products, hasProducts: !products.isEmpty,
            lines: order.lines.enumerated().map { OrderLineView($1, index: $0) }, hasLines: !order.lines.isEmpty,
            gross: totals.gross.formattedItalian, discountTotal: totals.discount.formattedItalian, net: totals.net.formattedItalian,
            delivery: order.delivery, payment: order.payment, bank: order.bank, packing: order.packing, deliveryTerms: order.deliveryTerms,
            notes: order.notes, problems: try store.sendingProblems(orderID: id).map { $0.localizedDescription },
            terms: [
                ("Delivery", order.delivery), ("Payment", order.payment), ("Bank", order.bank), ("Packing", order.packing),
                ("Delivery terms", order.deliveryTerms), ("Notes", order.notes),
            ].filter { !$0.1.isEmpty }.map { OrderPage.Term(label: $0.0, value: $0.1) },
            agentEmail: try store.agent()?.email ?? "", companyNumber: order.companyNumber.map(String.init))
        if let customerID = order.customerID, let customer = try store.customer(id: customerID) {
            (page.customerID, page.customerEmail, page.customerName) = (String(customerID), customer.email, customer.companyName)
            page.customerEmailShown = customer.email.isEmpty ? nil : customer.email
        }
        if let supplierID = order.supplierID, let supplier = try store.supplier(id: supplierID) {
            (page.supplierID, page.supplierEmail, page.supplierName) = (String(supplierID), supplier.email, supplier.name)
            page.supplierEmailShown = supplier.email.isEmpty ? nil : supplier.email
        }
        return screens.page("orders/order", page)
    }
}
