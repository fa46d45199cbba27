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

    /// What the order will cost: PrestaShop's totals for the cart, address, carrier and voucher,
    /// with the digest of what is shown (``CheckoutDigest``) that placing the order must carry.
    func checkoutTotals(
        addressID: Int, invoiceAddressID: Int? = nil, carrierID: Int, voucherCode: String?, payment: PaymentMethod? = nil, session: ShopSession
    ) async throws -> (totals: CheckoutTotals, quote: CartQuote, rule: CartRule?) {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let (cartID, lines) = try await cartLines(session)
        let address = try await run { try await ownAddress(addressID, customerID: customerID) }
        let rule = try await voucher(voucherCode)
        let quote = try await quote(
            lines, customerID: customerID, countryID: address.countryID ?? 0, stateID: address.stateID ?? 0, carrierID: carrierID, rules: rule.map { [$0] } ?? [])
        if let rule, let refused = quote.refusedCartRules.first {
            throw ShopFailure.input("voucher", "The voucher “\(rule.code ?? "")” cannot be used on this cart: \(refused.reason).")
        }
        let sign = settings.currencySign
        let digest = CheckoutDigest(
            cartID: cartID, lines: lines, addressID: addressID, invoiceAddressID: invoiceAddressID ?? addressID, carrierID: carrierID,
            voucher: rule?.code ?? "", payment: payment, quote: quote)
        let totals = CheckoutTotals(
            products: ShopMoney.text(quote.products.taxIncluded, sign: sign), shipping: quote.shipping.taxIncluded == 0 ? "Free" : ShopMoney.text(quote.shipping.taxIncluded, sign: sign),
            discounts: "−" + ShopMoney.text(quote.discounts.taxIncluded, sign: sign), hasDiscounts: quote.discounts.taxIncluded > 0,
            total: ShopMoney.text(quote.paid.taxIncluded, sign: sign), totalWithoutTax: ShopMoney.text(quote.paid.taxExcluded, sign: sign),
            voucher: rule?.code, voucherNote: rule.map { "Voucher \($0.code ?? ""): \($0.name?.best(preferring: [settings.languageID]) ?? "")" },
            digest: digest.value)
        return (totals, quote, rule)
    }

    func ownAddress(_ id: Int, customerID: Int) async throws -> Address {
        let address = try await services.facade.customers.address(id: id)
        guard address.customerID == customerID, address.deleted != true else {
            // 404, as for an address that does not exist: another customer's is none of theirs.
            throw ShopFailure(.notFound, "invalid_address", "Address \(id) is not one of yours; choose one of your addresses.", field: "address")
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

    /// With stock management on and `PS_ORDER_OUT_OF_STOCK` 0, a line beyond the stock is refused.
    func checkStock(_ lines: [CartQuoteRequest.Line]) async throws {
        for line in lines {
            if let available = try await stockRefusal(productID: line.productID, combinationID: line.combinationID, quantity: line.quantity) {
                throw ShopFailure(.conflict, "out_of_stock", available)
            }
        }
    }
}
