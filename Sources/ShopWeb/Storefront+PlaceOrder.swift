import Foundation
import ShopKit
import WebCore

/// Placing the order: what the shopper saw, checked against the shop's state now, then booked
/// as PrestaShop books such a payment.
extension Storefront {
    /// The shopper's choices on the checkout form.
    struct CheckoutChoice: Sendable {
        var addressID: Int
        var invoiceAddressID: Int?
        var carrierID: Int
        var voucher: String
        var payment: PaymentMethod
        /// The ``CheckoutDigest`` of the page the shopper ordered from, and the total it showed
        /// (for the message when they differ); nil from an API client that showed no quote.
        var shownDigest: String?
        var shownTotal: String?
    }

    /// The states an order paid by a method waits in (`ps_wirepayment` and `ps_cashondelivery`
    /// validate their own orders in these); the webservice books every order in
    /// `PS_OS_WS_PAYMENT`, "Remote payment accepted", so the order is moved on at once.
    static func awaitingStateKey(_ payment: PaymentMethod) -> String {
        switch payment {
        case .bankWire: "PS_OS_BANKWIRE"
        case .cashOnDelivery: "PS_OS_COD_VALIDATION"
        }
    }

    /// Places the order for the session's cart, then reads it back: the order view says what
    /// the shop recorded, "Payment error" included. The quote is made fresh from the shop (no
    /// cache), compared with what the page showed, and each line's price checked with the shop's
    /// own computation. The session then starts a new cart, also when the shop turns out to
    /// have made the order of a POST that failed or timed out.
    func placeOrder(_ choice: CheckoutChoice, session: inout ShopSession) async throws -> OrderView {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let (cartID, lines) = try await cartLines(session)
        let fresh = Storefront(services: services.uncached)
        let carriers = try await fresh.carriers(addressID: choice.addressID, session: session, selected: choice.carrierID)
        guard carriers.contains(where: { $0.id == choice.carrierID }) else {
            throw ShopFailure.input("carrier", "Carrier \(choice.carrierID) does not deliver to this address; choose one of the list.")
        }
        if let invoice = choice.invoiceAddressID { _ = try await run { try await ownAddress(invoice, customerID: customerID) } }
        let priced = try await fresh.checkoutTotals(
            addressID: choice.addressID, invoiceAddressID: choice.invoiceAddressID, carrierID: choice.carrierID, voucherCode: choice.voucher,
            payment: choice.payment, session: session)
        if let shown = choice.shownDigest, shown != priced.totals.digest {
            let was = choice.shownTotal.map { " (the page showed \($0))" } ?? ""
            throw ShopFailure(
                .conflict, "quote_changed",
                "The order now comes to \(priced.totals.total)\(was): the shop's prices, the shipping or the voucher changed since the page was drawn. Check the totals and place the order again.",
                field: "quote")
        }
        try await checkStock(lines)
        try await fresh.checkPricesWithTheShop(priced.quote, addressID: choice.addressID, customerID: customerID)
        let configuration = try await run {
            try await services.facade.uncached.information.configurationValues(["PS_OS_ERROR", "PS_OS_WS_PAYMENT", Self.awaitingStateKey(choice.payment)])
        }
        let errorState = configuration["PS_OS_ERROR"].flatMap { Int($0) } ?? 8
        let order = try await run {
            _ = try await services.facade.carts.setDelivery(
                cartID: cartID, customerID: customerID, addressID: choice.addressID, invoiceAddressID: choice.invoiceAddressID, carrierID: choice.carrierID)
            // PrestaShop compares total_paid with the cart before it adds a granted voucher.
            var paid = priced.quote.paid
            if let rule = priced.rule {
                do {
                    _ = try await services.facade.uncached.checkout.redeem(rule, forCustomer: customerID, errorStateID: errorState)
                } catch let refusal as ShopCheckout.VoucherRefusal {
                    throw ShopFailure.input("voucher", refusal.description)
                }
                paid = TaxedAmount(
                    taxExcluded: priced.quote.paid.taxExcluded + priced.quote.discounts.taxExcluded,
                    taxIncluded: priced.quote.paid.taxIncluded + priced.quote.discounts.taxIncluded)
            }
            let placement = OrderPlacement(
                cartID: cartID, customerID: customerID, deliveryAddressID: choice.addressID, invoiceAddressID: choice.invoiceAddressID,
                carrierID: choice.carrierID, currencyID: settings.currencyID, languageID: settings.languageID, payment: choice.payment,
                totalPaid: ShopMoney.decimal(paid.taxIncluded), totalProducts: ShopMoney.decimal(priced.quote.products.taxExcluded),
                totalProductsWithTax: ShopMoney.decimal(priced.quote.products.taxIncluded))
            let placed: Order
            do {
                placed = try await services.facade.checkout.placeOrder(placement)
            } catch {
                // A POST that timed out or failed may have made the order all the same: the
                // shop then refuses the cart for good, so the order it made is the answer.
                guard let made = try? await services.facade.checkout.order(forCart: cartID) else { throw error }
                placed = made
            }
            let orderID = placed.id ?? 0
            var stored = try await services.facade.checkout.placedOrder(id: orderID)
            if let accepted = configuration["PS_OS_WS_PAYMENT"].flatMap({ Int($0) }), stored.currentState == accepted,
                let awaiting = try await awaitingState(choice.payment, configuration: configuration, module: stored.module)
            {
                stored = try await services.facade.checkout.setState(awaiting, ofOrder: orderID)
            }
            return stored
        }
        session.cartID = nil
        return try await view(order, settings)
    }

    /// The state an order paid this way waits in: the configuration's `PS_OS_BANKWIRE` or
    /// `PS_OS_COD_VALIDATION`, else the unpaid state the payment module owns (`module_name`;
    /// 8.1's "Awaiting bank wire payment" is `ps_wirepayment`'s). nil: the shop has none.
    private func awaitingState(_ payment: PaymentMethod, configuration: [String: String], module: String?) async throws -> Int? {
        if let id = configuration[Self.awaitingStateKey(payment)].flatMap({ Int($0) }), id > 0 { return id }
        guard let module, !module.isEmpty else { return nil }
        let states = try await services.facade.customers.orderStates()
        return states.first { $0.moduleName == module && $0.paid != true && $0.deleted != true }?.id
    }

    /// The order the shop made of the session's cart when a POST failed: the session leaves
    /// that cart (the shop refuses a second order on it) and the shopper sees the order.
    func orderMadeOfSessionCart(_ session: inout ShopSession) async -> OrderView? {
        guard let cartID = session.cartID, let order = try? await services.facade.checkout.order(forCart: cartID) else { return nil }
        session.cartID = nil
        return try? await view(order, await settings())
    }
}

extension Storefront {
    /// Every line's unit price as the shop itself computes it (``ShopPrices/check(_:countryID:stateID:groupID:)``):
    /// a line it prices differently stops the order, named, before anything is written. Lines
    /// the shop gave no price for (a replay that never recorded it) are left unchecked.
    func checkPricesWithTheShop(_ quote: CartQuote, addressID: Int, customerID: Int) async throws {
        let address = try await run { try await ownAddress(addressID, customerID: customerID) }
        let group = try await groupID(customerID)
        let checks = try await run {
            try await services.facade.prices.check(quote, countryID: address.countryID ?? 0, stateID: address.stateID ?? 0, groupID: group)
        }
        guard let wrong = checks.first(where: \.disagrees) else { return }
        let settings = await settings()
        let product = try? await services.facade.catalogue.product(id: wrong.productID)
        let name = product?.name?.best(preferring: [settings.languageID]) ?? "product \(wrong.productID)"
        let shop = wrong.shopTaxIncluded.map { String(format: "%.6f", $0) } ?? "?"
        throw ShopFailure(
            .conflict, "price_mismatch",
            "The shop prices \(name)\(wrong.combinationID == 0 ? "" : " (combination \(wrong.combinationID))") at \(shop) a unit with tax, not "
                + "\(String(format: "%.6f", wrong.ours.taxIncluded)) as computed here. The order was not placed, so that it cannot land in “Payment error”; "
                + "the shop's prices are being read again, try again in a moment.")
    }
}
