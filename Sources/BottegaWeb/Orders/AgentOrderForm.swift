import Foundation
import Hummingbird
import OrderKit

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
        group.post(":id") { request, context in
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
        group.post(":id/lines") { request, context in
            let id = try orderID(context)
            let form = try await FormBody.decode(LineForm.self, from: request)
            try change(back: "/orders/\(id)") { _ = try store.addLine(orderID: id, productID: form.product, quantity: form.quantity) }
            return seeOther("/orders/\(id)#lines")
        }
        group.post(":id/lines/:index") { request, context in
            let id = try orderID(context)
            let form = try await FormBody.decode(QuantityForm.self, from: request)
            let index = context.parameters.get("index", as: Int.self) ?? -1
            try change(back: "/orders/\(id)") { _ = try store.changeQuantity(orderID: id, lineIndex: index, quantity: form.quantity) }
            return seeOther("/orders/\(id)#lines")
        }
        group.post(":id/lines/:index/delete") { _, context in
            let id = try orderID(context)
            let index = context.parameters.get("index", as: Int.self) ?? -1
            try change(back: "/orders/\(id)") { _ = try store.removeLine(orderID: id, lineIndex: index) }
            return seeOther("/orders/\(id)#lines")
        }
        group.post(":id/send") { _, context in
            let id = try orderID(context)
            guard let link = try store.companyLink() else {
                throw screens.failure(.badRequest, "Link this app to your company first (Sync): the order needs a server to go to.", back: "/orders/sync")
            }
            try await OrderSender(transport: services.transport(link.serverURL), account: link.account).send(orderID: id, from: store)
            return seeOther("/orders/\(id)")
        }
        group.post(":id/delete") { _, context in
            let id = try orderID(context)
            try change(back: "/orders/\(id)") { try store.delete(orderID: id) }
            return seeOther("/orders")
        }
    }

    private func orderPage(_ id: Int64) throws -> HTML {
        guard let order = try store.order(id: id) else { throw screens.failure(.notFound, "There is no order \(id).") }
        let customers = try store.customers().map { ["id": $0.id ?? 0, "name": $0.companyName, "selected": $0.id == order.customerID] as [String: Any] }
        let suppliers = try store.suppliers().map { ["id": $0.id ?? 0, "name": $0.name, "selected": $0.id == order.supplierID] as [String: Any] }
        let products = try store.products(supplierID: order.supplierID).map { product -> [String: Any] in
            ["id": product.id ?? 0, "label": "\(product.code) — \(product.description) (\(product.price.formattedItalian), min. \(product.minimumQuantity))", "minimum": product.minimumQuantity]
        }
        let totals = try store.totals(of: id)
        var isEditable = true
        if case .sent = order.state { isEditable = false }
        var values: [String: Any] = [
            "title": "Order \(id)", "id": id, "state": AgentViews.state(order.state), "editable": isEditable,
            "customers": customers, "suppliers": suppliers, "products": products, "hasProducts": !products.isEmpty,
            "lines": order.lines.enumerated().map { AgentViews.line($1, index: $0) }, "hasLines": !order.lines.isEmpty,
            "gross": totals.gross.formattedItalian, "discount": totals.discount.formattedItalian, "net": totals.net.formattedItalian,
            "delivery": order.delivery, "payment": order.payment, "bank": order.bank, "packing": order.packing,
            "deliveryTerms": order.deliveryTerms, "notes": order.notes,
            "problems": try store.sendingProblems(orderID: id).map { $0.localizedDescription },
        ]
        // Absent when none: the "Edit the customer/supplier" links and the product search's
        // supplier test for them.
        if let customerID = order.customerID { values["customerID"] = String(customerID) }
        if let supplierID = order.supplierID { values["supplierID"] = String(supplierID) }
        return screens.page("orders/order", values)
    }
}
