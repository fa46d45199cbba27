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
        /// The digest of the quote the page showed, and its total (``CheckoutDigest``).
        var quote: String? = nil
        var shown: String? = nil
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
        let query = request.uri.queryParameters
        let form = CheckoutForm(
            address: query["address"].map(String.init), invoice: query["invoice"].map(String.init), carrier: query["carrier"].map(String.init),
            payment: query["payment"].map(String.init), voucher: query["voucher"].map(String.init))
        return try await checkoutPage(session: session, customerID: customerID, form: form, failure: nil).plainResponse
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
            let choice = Storefront.CheckoutChoice(
                addressID: addressID, invoiceAddressID: invoice, carrierID: carrierID, voucher: form.voucher ?? "", payment: payment,
                shownDigest: form.quote ?? "", shownTotal: form.shown)
            order = try await storefront.placeOrder(choice, session: &session)
        } catch let failure as ShopFailure where failure.field != nil || ["out_of_stock", "price_mismatch"].contains(failure.code) {
            return try await checkoutPage(session: session, customerID: customerID, form: form, failure: failure).plainResponse
        } catch let failure as ShopFailure {
            // The shop may have made the order of a POST that failed: show it, leave the cart.
            if let made = await storefront.orderMadeOfSessionCart(&session) {
                try visitor.store.save(session)
                return seeOther("/shop/orders/\(made.id)")
            }
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

    /// The one checkout form: delivery and invoice addresses, carrier, voucher and payment, the
    /// totals for exactly those, and the digest of what is shown, which "Place the order" posts.
    private func checkoutPage(session: ShopSession?, customerID: Int, form: CheckoutForm, failure: ShopFailure?) async throws -> HTML {
        let cart = try await screen { try await storefront.cartView(session) }
        let selected = try Self.chosenID(form.address, what: "address")
        let addresses = try await screen { try await storefront.addresses(customerID: customerID, selected: selected) }
        let chosen = addresses.first { $0.selected }
        let invoiceID = try Self.chosenID(form.invoice, what: "invoice address") ?? chosen?.id
        let invoiceAddresses = addresses.map { AddressView(id: $0.id, alias: $0.alias, lines: $0.lines, countryID: $0.countryID, selected: $0.id == invoiceID) }
        let payment = (try? Storefront.payment(form.payment)) ?? .cashOnDelivery
        let voucher = form.voucher ?? ""
        var carriers: [CarrierView] = []
        var totals: CheckoutTotals?
        var problem = failure?.message
        if let chosen, let session, !cart.empty {
            let wanted = try Self.chosenID(form.carrier, what: "carrier")
            carriers = try await screen(back: "/shop/cart") { try await storefront.carriers(addressID: chosen.id, session: session, selected: wanted) }
            if let carrier = carriers.first(where: { $0.selected }) {
                let price = { (code: String?) in
                    try await storefront.checkoutTotals(
                        addressID: chosen.id, invoiceAddressID: invoiceID, carrierID: carrier.id, voucherCode: code, payment: payment, session: session).totals
                }
                do {
                    totals = try await price(voucher)
                } catch let refused as ShopFailure where refused.field == "voucher" {
                    problem = problem ?? refused.message
                    totals = try? await price(nil)
                }
            }
        }
        let carrierName = carriers.first { $0.selected }?.name
        return screens.page("shop/checkout", ShopCheckoutPage(
            cart: cart, addresses: addresses, invoiceAddresses: invoiceAddresses, noAddresses: addresses.isEmpty, address: chosen?.id ?? 0,
            deliverTo: chosen?.lines ?? "", invoiceTo: invoiceAddresses.first { $0.selected }?.lines ?? "", carrierName: carrierName ?? "",
            carriers: carriers, noCarriers: carriers.isEmpty, totals: totals, voucher: voucher,
            cashOnDelivery: payment == .cashOnDelivery, bankWire: payment == .bankWire, error: problem),
            status: failure?.status ?? (problem != nil ? .badRequest : .ok))
    }

    /// An id chosen in the form, nil when none was.
    private static func chosenID(_ text: String?, what: String) throws -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let id = Int(text) else { throw ShopFailure.input(what, "“\(text)” is not a\(what.first.map { "aeiou".contains($0) } == true ? "n" : "") \(what).") }
        return id
    }
}
