import Foundation
import Hummingbird
import NIOCore
import ShopKit
import WebCore

/// The cart screen and its forms: add (from a product page), change a row's quantity, remove.
extension ShopScreenRoutes {
    struct RowForm: Decodable {
        var product: String?
        var combination: String?
        var quantity: String?
    }

    func registerCart(on group: RouterGroup<WebRequestContext>) {
        group.get("cart") { request, _ in try await cartPage(request) }
        group.post("cart") { request, _ in try await addToCart(request) }
        group.post("cart/rows") { request, _ in try await changeCartRow(request) }
        group.post("cart/rows/remove") { request, _ in try await removeCartRow(request) }
    }

    private func cartPage(_ request: Request) async throws -> some ResponseGenerator {
        let cart = try await screen { try await storefront.cartView(try visitor.current(request)) }
        return screens.page("shop/cart", ShopCartPage(cart: cart, done: request.uri.queryParameters["done"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }))
    }

    private func addToCart(_ request: Request) async throws -> some ResponseGenerator {
        let fields = try await FormBody.fields(from: request)
        let form = RowForm(product: fields["product"], combination: fields["combination"], quantity: fields["quantity"])
        var (productID, combinationID) = try ids(form)
        var (session, isNew) = try visitor.ensure(request)
        do {
            // The pickers the shopper set name the combination; the hidden one is only the
            // combination the page was drawn with (a page without pickers, or without script).
            let selection = try Self.attributeSelection(fields, productID: productID)
            if !selection.isEmpty { combinationID = try await storefront.combinationID(product: productID, selection: selection) }
            let quantity = try Storefront.quantity(form.quantity)
            try await storefront.add(productID: productID, combinationID: combinationID, quantity: quantity, to: &session)
        } catch let failure as ShopFailure where failure.field != nil {
            return try await productAgain(productID, combinationID: combinationID, failure: failure, session: session)
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: "/shop/products/\(productID)")
        }
        return try visitor.redirect(to: Notice.path("/shop/cart", "Added to the cart."), saving: session, isNew: isNew)
    }

    private func changeCartRow(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(RowForm.self, from: request)
        try await changeRow(request, form, quantity: form.quantity)
        return seeOther(Notice.path("/shop/cart", "Quantity changed."))
    }

    private func removeCartRow(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(RowForm.self, from: request)
        try await changeRow(request, form, quantity: "0")
        return seeOther(Notice.path("/shop/cart", "Removed from the cart."))
    }

    /// `attribute_<group>=<value>` fields: the options chosen, by attribute group.
    static func attributeSelection(_ fields: [String: String], productID: Int) throws -> [Int: Int] {
        var selection: [Int: Int] = [:]
        for (name, value) in fields where name.hasPrefix("attribute_") {
            guard let group = Int(name.dropFirst("attribute_".count)), let chosen = Int(value) else {
                throw ShopFailure.input("combination", "“\(value)” is not an option of product \(productID); choose one of the list.")
            }
            selection[group] = chosen
        }
        return selection
    }

    private func ids(_ form: RowForm) throws -> (Int, Int) {
        guard let productID = Int(form.product ?? ""), productID > 0 else {
            throw screens.failure(.badRequest, "The form names no product.", back: "/shop")
        }
        guard let combinationID = Int(form.combination?.isEmpty == false ? form.combination! : "0"), combinationID >= 0 else {
            throw screens.failure(.badRequest, "“\(form.combination ?? "")” is not a combination.", back: "/shop/products/\(productID)")
        }
        return (productID, combinationID)
    }

    private func changeRow(_ request: Request, _ form: RowForm, quantity: String?) async throws {
        let (productID, combinationID) = try ids(form)
        guard let session = try visitor.current(request) else {
            throw screens.failure(.notFound, "The cart is empty: add a product first.", back: "/shop")
        }
        do {
            let value = try Storefront.quantity(quantity, minimum: 0)
            try await storefront.setQuantity(value, productID: productID, combinationID: combinationID, in: session)
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: "/shop/cart")
        }
    }

    /// The product page again with the form's problem named (400).
    private func productAgain(_ id: Int, combinationID: Int, failure: ShopFailure, session: ShopSession) async throws -> Response {
        let shown = try await screen { try await storefront.productPage(id, combinationID: combinationID == 0 ? nil : combinationID, customerID: session.customerID) }
        let html = screens.page("shop/product", ShopProductScreen(title: shown.name, product: shown, added: false, error: failure.message), status: .badRequest)
        return html.plainResponse
    }
}

extension HTML {
    /// The page as a response, for handlers that answer either a page or a redirect.
    var plainResponse: Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
