import Foundation
import ShopKit
import WebCore

/// Delivery and ordering, priced by PrestaShop's own rules (ShopKit's `CartCalculator`):
/// carriers that serve the delivery address's zone with their price for this cart, the totals
/// with shipping, taxes and a voucher, then the order — its carrier set in the cart's
/// `delivery_option`, `total_paid` equal to the quote — read back as the shop stored it.
extension Storefront {
    /// The cart's lines, read fresh.
    func cartLines(_ session: ShopSession) async throws -> (cartID: Int, lines: [CartQuoteRequest.Line]) {
        let cart = try await cartView(session)
        guard let cartID = cart.cartID, !cart.empty else { throw ShopFailure(.conflict, "empty_cart", "The cart is empty: add a product first.") }
        return (cartID, cart.rows.map { CartQuoteRequest.Line(productID: $0.productID, combinationID: $0.combinationID, quantity: $0.quantity) })
    }

    /// The active carriers that deliver to the address's zone, each with its price for this
    /// cart, cheapest first; the chosen one (or the cheapest) selected.
    func carriers(addressID: Int, session: ShopSession, selected: Int? = nil) async throws -> [CarrierView] {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let (_, lines) = try await cartLines(session)
        return try await run {
            let address = try await ownAddress(addressID, customerID: customerID)
            let prices = try await pricing(
                lines.map(\.productID), customerID: customerID, countryID: address.countryID ?? 0, stateID: address.stateID ?? 0, carrierIDs: nil)
            let group = try await groupID(customerID)
            var views: [CarrierView] = []
            for carrier in prices.carriers.values.sorted(by: { ($0.position ?? 0, $0.id ?? 0) < ($1.position ?? 0, $1.id ?? 0) }) {
                guard let id = carrier.id else { continue }
                let request = CartQuoteRequest(
                    lines: lines, countryID: address.countryID ?? 0, stateID: address.stateID ?? 0, carrierID: id, groupID: group, customerID: customerID,
                    currencyID: settings.currencyID)
                // A carrier without a price for the zone does not deliver there: not offered.
                guard let quote = try? CartCalculator(catalogue: prices).quote(request, now: .now()) else { continue }
                let shipping = quote.shipping.taxIncluded
                views.append(CarrierView(
                    id: id, name: carrier.name ?? "Carrier \(id)", delay: carrier.delay?.best(preferring: [settings.languageID]) ?? "",
                    shipping: shipping == 0 ? "Free" : ShopMoney.text(shipping, sign: settings.currencySign),
                    shippingValue: ShopMoney.decimal(shipping), hasPrice: true, selected: false))
            }
            let chosen = views.contains { $0.id == selected } ? selected : views.min { ($0.shippingValue ?? ShopDecimal(0)) < ($1.shippingValue ?? ShopDecimal(0)) }?.id
            return views.map { CarrierView(id: $0.id, name: $0.name, delay: $0.delay, shipping: $0.shipping, shippingValue: $0.shippingValue, hasPrice: true, selected: $0.id == chosen) }
        }
    }

    /// The voucher with this code, checked; nil for no code.
    func voucher(_ code: String?) async throws -> CartRule? {
        let text = (code ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let rule = try await run({ try await services.facade.checkout.cartRule(code: text) }) else {
            throw ShopFailure.input("voucher", "There is no voucher “\(text)” in this shop; check the code.")
        }
        return rule
    }

    /// What the order will cost: PrestaShop's totals for the cart, address, carrier and voucher.
    func checkoutTotals(addressID: Int, carrierID: Int, voucherCode: String?, session: ShopSession) async throws -> (totals: CheckoutTotals, quote: CartQuote, rule: CartRule?) {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let (_, lines) = try await cartLines(session)
        let address = try await run { try await ownAddress(addressID, customerID: customerID) }
        let rule = try await voucher(voucherCode)
        let quote = try await quote(
            lines, customerID: customerID, countryID: address.countryID ?? 0, stateID: address.stateID ?? 0, carrierID: carrierID, rules: rule.map { [$0] } ?? [])
        if let rule, let refused = quote.refusedCartRules.first {
            throw ShopFailure.input("voucher", "The voucher “\(rule.code ?? "")” cannot be used on this cart: \(refused.reason).")
        }
        let sign = settings.currencySign
        let totals = CheckoutTotals(
            products: ShopMoney.text(quote.products.taxIncluded, sign: sign), shipping: quote.shipping.taxIncluded == 0 ? "Free" : ShopMoney.text(quote.shipping.taxIncluded, sign: sign),
            discounts: "−" + ShopMoney.text(quote.discounts.taxIncluded, sign: sign), hasDiscounts: quote.discounts.taxIncluded > 0,
            total: ShopMoney.text(quote.paid.taxIncluded, sign: sign), totalWithoutTax: ShopMoney.text(quote.paid.taxExcluded, sign: sign),
            voucher: rule?.code, voucherNote: rule.map { "Voucher \($0.code ?? ""): \($0.name?.best(preferring: [settings.languageID]) ?? "")" })
        return (totals, quote, rule)
    }

    private func ownAddress(_ id: Int, customerID: Int) async throws -> Address {
        let address = try await services.facade.customers.address(id: id)
        guard address.customerID == customerID, address.deleted != true else {
            throw ShopFailure.input("address", "Address \(id) is not one of yours; choose one of your addresses.")
        }
        return address
    }

    static func payment(_ text: String?) throws -> PaymentMethod {
        switch text {
        case "cod", "cash_on_delivery": return .cashOnDelivery
        case "bankwire", "bank_wire": return .bankWire
        default: throw ShopFailure.input("payment", "Choose a payment: cash on delivery (cod) or bank wire (bankwire).")
        }
    }

    /// Places the order for the session's cart, then reads it back: the order view says what
    /// the shop recorded, "Payment error" included. The session then starts a new cart.
    func placeOrder(
        addressID: Int, invoiceAddressID: Int? = nil, carrierID: Int, payment: PaymentMethod, voucherCode: String? = nil, session: inout ShopSession
    ) async throws -> OrderView {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let (cartID, lines) = try await cartLines(session)
        let carriers = try await carriers(addressID: addressID, session: session)
        guard carriers.contains(where: { $0.id == carrierID }) else {
            throw ShopFailure.input("carrier", "Carrier \(carrierID) does not deliver to this address; choose one of the list.")
        }
        if let invoiceAddressID { _ = try await run { try await ownAddress(invoiceAddressID, customerID: customerID) } }
        let priced = try await checkoutTotals(addressID: addressID, carrierID: carrierID, voucherCode: voucherCode, session: session)
        try await checkStock(lines)
        let order = try await run {
            _ = try await services.facade.carts.setDelivery(
                cartID: cartID, customerID: customerID, addressID: addressID, invoiceAddressID: invoiceAddressID, carrierID: carrierID)
            // PrestaShop compares total_paid with the cart before it adds a granted voucher.
            var paid = priced.quote.paid
            if let rule = priced.rule {
                _ = try await services.facade.checkout.grant(rule, toCustomer: customerID)
                paid = TaxedAmount(
                    taxExcluded: priced.quote.paid.taxExcluded + priced.quote.discounts.taxExcluded,
                    taxIncluded: priced.quote.paid.taxIncluded + priced.quote.discounts.taxIncluded)
            }
            let placed = try await services.facade.checkout.placeOrder(OrderPlacement(
                cartID: cartID, customerID: customerID, deliveryAddressID: addressID, invoiceAddressID: invoiceAddressID, carrierID: carrierID,
                currencyID: settings.currencyID, languageID: settings.languageID, payment: payment,
                totalPaid: ShopMoney.decimal(paid.taxIncluded), totalProducts: ShopMoney.decimal(priced.quote.products.taxExcluded),
                totalProductsWithTax: ShopMoney.decimal(priced.quote.products.taxIncluded)))
            return try await services.facade.checkout.placedOrder(id: placed.id ?? 0)
        }
        session.cartID = nil
        return try await view(order, settings)
    }

    /// With stock management on and `PS_ORDER_OUT_OF_STOCK` 0, a line beyond the stock is refused.
    func checkStock(_ lines: [CartQuoteRequest.Line]) async throws {
        for line in lines {
            if let available = try await stockRefusal(productID: line.productID, combinationID: line.combinationID, quantity: line.quantity) {
                throw ShopFailure(.conflict, "out_of_stock", available)
            }
        }
    }

    /// An order of the session's customer, read back from the shop.
    func order(_ id: Int, session: ShopSession?) async throws -> OrderView {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let order = try await run { try await services.facade.checkout.placedOrder(id: id) }
        guard order.customerID == customerID else { throw ShopFailure(.notFound, "not_found", "You have no order \(id).") }
        return try await view(order, settings)
    }

    /// The customer's orders, newest first, with the shop's state names.
    func orders(session: ShopSession?) async throws -> [OrderView] {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let orders = try await run { try await services.facade.customers.orders(ofCustomer: customerID) }
        var views: [OrderView] = []
        for order in orders { views.append(try await view(order, settings, withLines: false)) }
        return views
    }

    private func view(_ order: Order, _ settings: ShopSettingsCache.Settings, withLines: Bool = true) async throws -> OrderView {
        let sign = settings.currencySign
        let total = order.totalPaidTaxIncl ?? order.totalPaid ?? ShopDecimal(0)
        let stateID = order.currentState ?? 0
        // The order is what matters and is read already: the rest only dresses it, so a shop that
        // cannot give it never turns a placed order into an error page.
        let states = (try? await services.facade.customers.orderStates()) ?? []
        let configuration = (try? await services.facade.information.configurationValues(["PS_OS_ERROR", "BANK_WIRE_OWNER", "BANK_WIRE_DETAILS", "BANK_WIRE_ADDRESS"])) ?? [:]
        let lines = withLines ? ((try? await services.facade.customers.lines(ofOrder: order.id ?? 0)) ?? []) : []
        let stateName = states.first { $0.id == stateID }?.name?.best(preferring: [settings.languageID]) ?? "state \(stateID)"
        let paymentError = stateID == (configuration["PS_OS_ERROR"].flatMap { Int($0) } ?? 8)
        let instructions: String?
        if paymentError {
            instructions = nil
        } else if (order.module ?? "").contains("wire") {
            let details = [configuration["BANK_WIRE_OWNER"], configuration["BANK_WIRE_DETAILS"], configuration["BANK_WIRE_ADDRESS"]].compactMap { $0 }.filter { !$0.isEmpty }
            instructions = "Pay \(ShopMoney.text(total, sign: sign)) by bank wire with reference \(order.reference ?? "\(order.id ?? 0)")"
                + (details.isEmpty ? "; the shop sends its bank details by e-mail (it does not publish them through its webservice)." : " to " + details.joined(separator: ", ") + ".")
        } else {
            instructions = "Pay \(ShopMoney.text(total, sign: sign)) to the carrier on delivery; the shop's cash-on-delivery module adds no fee."
        }
        return OrderView(
            id: order.id ?? 0, reference: order.reference ?? "", hasReference: !(order.reference ?? "").isEmpty, payment: order.payment ?? order.module ?? "",
            total: ShopMoney.text(total, sign: sign), totalValue: total, cartID: order.cartID ?? 0,
            carrierID: order.carrierID ?? 0, addressID: order.addressDeliveryID ?? 0,
            products: ShopMoney.text(order.totalProductsWt ?? ShopDecimal(0), sign: sign),
            shipping: ShopMoney.text(order.totalShippingTaxIncl ?? order.totalShipping ?? ShopDecimal(0), sign: sign),
            discounts: "−" + ShopMoney.text(order.totalDiscountsTaxIncl ?? ShopDecimal(0), sign: sign),
            hasDiscounts: (order.totalDiscountsTaxIncl ?? ShopDecimal(0)) > ShopDecimal(0),
            totalWithoutTax: ShopMoney.text(order.totalPaidTaxExcl ?? ShopDecimal(0), sign: sign),
            state: stateName, stateID: stateID, paymentError: paymentError, paymentInstructions: instructions,
            date: order.dateAdd?.description ?? "",
            lines: lines.map { line in
                ShopOrderLineView(
                    name: line.productName ?? "Product \(line.productID ?? 0)", quantity: line.productQuantity ?? 0,
                    unitPrice: ShopMoney.text(line.unitPriceTaxIncl ?? ShopDecimal(0), sign: sign),
                    total: ShopMoney.text(line.totalPriceTaxIncl ?? ShopDecimal(0), sign: sign))
            })
    }
}
