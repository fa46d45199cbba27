import Foundation
import Hummingbird
import ShopKit

/// Checkout: the delivery address, the carrier with its shipping price, the payment, then the
/// confirmation with the order's reference.
extension ShopScreenRoutes {
    struct CheckoutForm: Decodable {
        var address: String?
        var carrier: String?
        var payment: String?
    }

    func registerCheckout(on group: RouterGroup<WebRequestContext>) {
        group.get("checkout") { request, _ in try await checkoutPage(request) }
        group.post("checkout") { request, _ in try await placeOrder(request) }
        group.get("orders/:id") { request, context in try await orderPage(request, context) }
    }

    private func checkoutPage(_ request: Request) async throws -> some ResponseGenerator {
        let session = try visitor.current(request)
        guard let customerID = session?.customerID else { return seeOther("/shop/login?next=/shop/checkout") }
        var selected: Int?
        if let text = request.uri.queryParameters["address"] {
            guard let id = Int(String(text)) else { throw screens.failure(.badRequest, "“\(text)” is not an address.", back: "/shop/checkout") }
            selected = id
        }
        return try await checkoutPage(session: session, customerID: customerID, selected: selected, failure: nil).plainResponse
    }

    private func placeOrder(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(CheckoutForm.self, from: request)
        guard var session = try visitor.current(request), let customerID = session.customerID else { return seeOther("/shop/login?next=/shop/checkout") }
        let order: OrderView
        do {
            guard let addressID = Int(form.address ?? "") else { throw ShopFailure.input("address", "Choose a delivery address.") }
            guard let carrierID = Int(form.carrier ?? "") else { throw ShopFailure.input("carrier", "Choose a carrier.") }
            let payment = try Storefront.payment(form.payment)
            order = try await storefront.placeOrder(addressID: addressID, carrierID: carrierID, payment: payment, session: &session)
        } catch let failure as ShopFailure where failure.field != nil {
            return try await checkoutPage(session: session, customerID: customerID, selected: Int(form.address ?? ""), failure: failure).plainResponse
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: "/shop/checkout")
        }
        try visitor.store.save(session)
        return seeOther("/shop/orders/\(order.id)")
    }

    private func orderPage(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try number(context, "id", what: "order")
        let session = try visitor.current(request)
        guard session?.customerID != nil else { return seeOther("/shop/login?next=/shop/orders/\(id)") }
        let order = try await screen { try await storefront.order(id, session: session) }
        return screens.page("shop/order", ShopOrderPage(order: order)).plainResponse
    }

    private func checkoutPage(session: ShopSession?, customerID: Int, selected: Int?, failure: ShopFailure?) async throws -> HTML {
        let cart = try await screen { try await storefront.cartView(session) }
        let addresses = try await screen { try await storefront.addresses(customerID: customerID, selected: selected) }
        let chosen = addresses.first { $0.selected }
        let carriers = try await screen(back: "/shop/cart") { () -> [CarrierView] in
            guard let chosen else { return [] }
            return try await storefront.carriers(addressID: chosen.id, customerID: customerID)
        }
        return screens.page("shop/checkout", ShopCheckoutPage(
            cart: cart, addresses: addresses, noAddresses: addresses.isEmpty, address: chosen?.id ?? 0, carriers: carriers,
            noCarriers: carriers.isEmpty, error: failure?.message), status: failure?.status ?? .ok)
    }
}
