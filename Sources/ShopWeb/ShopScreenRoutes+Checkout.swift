import Foundation
import Hummingbird
import ShopKit
import WebCore

/// Checkout: the delivery address, the carrier with its shipping price, the payment, then the
/// confirmation with the order's reference.
extension ShopScreenRoutes {
    struct CheckoutForm: Decodable {
        var address: String?
        var invoice: String?
        var carrier: String?
        var payment: String?
        var voucher: String?
    }

    func registerCheckout(on group: RouterGroup<WebRequestContext>) {
        group.get("checkout") { request, _ in try await checkoutPage(request) }
        group.post("checkout") { request, _ in try await placeOrder(request) }
        group.get("orders/:id") { request, context in try await orderPage(request, context) }
        group.get("orders") { request, _ in
            let session = try visitor.current(request)
            guard session?.customerID != nil else { return seeOther("/shop/login?next=/shop/orders") }
            let orders = try await screen { try await storefront.orders(session: session) }
            return screens.page("shop/orders", ShopOrdersPage(orders: orders, empty: orders.isEmpty)).plainResponse
        }
    }

    private func checkoutPage(_ request: Request) async throws -> some ResponseGenerator {
        let session = try visitor.current(request)
        guard let customerID = session?.customerID else { return seeOther("/shop/login?next=/shop/checkout") }
        var selected: Int?
        if let text = request.uri.queryParameters["address"] {
            guard let id = Int(String(text)) else { throw screens.failure(.badRequest, "“\(text)” is not an address.", back: "/shop/checkout") }
            selected = id
        }
        let voucher = request.uri.queryParameters["voucher"].map(String.init) ?? ""
        return try await checkoutPage(session: session, customerID: customerID, selected: selected, voucher: voucher, failure: nil).plainResponse
    }

    private func placeOrder(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(CheckoutForm.self, from: request)
        guard var session = try visitor.current(request), let customerID = session.customerID else { return seeOther("/shop/login?next=/shop/checkout") }
        let order: OrderView
        do {
            guard let addressID = Int(form.address ?? "") else { throw ShopFailure.input("address", "Choose a delivery address.") }
            guard let carrierID = Int(form.carrier ?? "") else { throw ShopFailure.input("carrier", "Choose a carrier.") }
            let payment = try Storefront.payment(form.payment)
            let invoice = try form.invoice.flatMap { text -> Int? in
                guard !text.isEmpty else { return nil }
                guard let id = Int(text) else { throw ShopFailure.input("invoice", "Choose an invoice address.") }
                return id
            }
            order = try await storefront.placeOrder(
                addressID: addressID, invoiceAddressID: invoice, carrierID: carrierID, payment: payment, voucherCode: form.voucher, session: &session)
        } catch let failure as ShopFailure where failure.field != nil || failure.code == "out_of_stock" {
            return try await checkoutPage(session: session, customerID: customerID, selected: Int(form.address ?? ""), voucher: form.voucher ?? "", failure: failure).plainResponse
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

    private func checkoutPage(session: ShopSession?, customerID: Int, selected: Int?, voucher: String, failure: ShopFailure?) async throws -> HTML {
        let cart = try await screen { try await storefront.cartView(session) }
        let addresses = try await screen { try await storefront.addresses(customerID: customerID, selected: selected) }
        let chosen = addresses.first { $0.selected }
        var carriers: [CarrierView] = []
        var totals: CheckoutTotals?
        var problem = failure?.message
        if let chosen, let session, !cart.empty {
            carriers = try await screen(back: "/shop/cart") { try await storefront.carriers(addressID: chosen.id, session: session) }
            if let carrier = carriers.first(where: { $0.selected }) {
                do {
                    totals = try await storefront.checkoutTotals(addressID: chosen.id, carrierID: carrier.id, voucherCode: voucher, session: session).totals
                } catch let refused as ShopFailure where refused.field == "voucher" {
                    problem = problem ?? refused.message
                    totals = try? await storefront.checkoutTotals(addressID: chosen.id, carrierID: carrier.id, voucherCode: nil, session: session).totals
                }
            }
        }
        return screens.page("shop/checkout", ShopCheckoutPage(
            cart: cart, addresses: addresses, invoiceAddresses: addresses, noAddresses: addresses.isEmpty, address: chosen?.id ?? 0,
            carriers: carriers, noCarriers: carriers.isEmpty, totals: totals, voucher: voucher, error: problem),
            status: failure?.status ?? (problem != nil ? .badRequest : .ok))
    }
}
