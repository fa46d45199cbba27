import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The order form's other ways to write a line (UC1): a free-text line for a product not in the
/// price list, a line's price and discount overridden by the agent, and a copy of an order
/// ("repeat the last order for this customer").
extension AgentScreenRoutes {
    struct FreeTextLineForm: Decodable {
        let code: String?
        let description: String?
        let price: String
        let quantity: Int
        let discount: String?
    }

    struct OverrideForm: Decodable {
        let price: String?
        let discount: String?
    }

    func registerOrderLineExtras(on group: RouterGroup<WebRequestContext>) {
        group.post(":id/free-lines") { request, context in try await addFreeTextLine(request, context) }
        group.post(":id/lines/:index/override") { request, context in try await overrideLine(request, context) }
        group.post(":id/copy") { _, context in try copyOrder(context) }
    }

    private func addFreeTextLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let form = try await FormBody.decode(FreeTextLineForm.self, from: request)
        try orderChange(id) {
            _ = try store.addFreeTextLine(
                orderID: id, code: form.code ?? "", description: form.description ?? "", unitPrice: try MasterDataInput.price(form.price),
                quantity: form.quantity, discountLevels: try MasterDataInput.lineDiscount(form.discount ?? ""))
        }
        return seeOther("/orders/\(id)#lines")
    }

    private func overrideLine(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try orderID(context)
        let index = context.parameters.get("index", as: Int.self) ?? -1
        let form = try await FormBody.decode(OverrideForm.self, from: request)
        try orderChange(id) {
            let price = try form.price.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try MasterDataInput.price($0) }
            let discount = try form.discount.map { try MasterDataInput.lineDiscount($0) }
            _ = try store.overrideLine(orderID: id, lineIndex: index, unitPrice: price, discountLevels: discount)
        }
        return seeOther("/orders/\(id)#lines")
    }

    private func copyOrder(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try orderID(context)
        let copy = try change(back: "/orders/\(id)") { try store.copyOrder(id, date: Date()) }
        return seeOther("/orders/\(copy.id ?? 0)")
    }
}
