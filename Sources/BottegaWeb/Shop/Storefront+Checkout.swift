import Foundation
import ShopKit

/// Delivery and ordering: the carriers with their shipping price to the delivery address's
/// zone, then the order (cash on delivery or bank wire) for the session's cart.
extension Storefront {
    /// The active carriers with their price to the zone of `addressID`. A carrier the shop has
    /// no price for in that zone says so, rather than showing 0.
    func carriers(addressID: Int, customerID: Int, selected: Int? = nil) async throws -> [CarrierView] {
        let settings = await settings()
        return try await run {
            let address = try await ownAddress(addressID, customerID: customerID)
            let country = try await services.facade.information.country(id: address.countryID ?? 0)
            let zoneID = country.zoneID ?? 0
            let zoneName = country.name?.best(preferring: [settings.languageID]) ?? "this country"
            var views: [CarrierView] = []
            for carrier in try await services.facade.checkout.carriers() {
                let id = carrier.id ?? 0
                let price = try await shippingPrice(carrier, zoneID: zoneID)
                views.append(CarrierView(
                    id: id, name: carrier.name ?? "Carrier \(id)", delay: carrier.delay?.best(preferring: [settings.languageID]) ?? "",
                    shipping: price.map { $0 == ShopDecimal(0) ? "Free" : ShopPricing.text($0, sign: settings.currencySign) }
                        ?? "The shop has no shipping price for \(zoneName) with this carrier.",
                    shippingValue: price, hasPrice: price != nil, selected: false))
            }
            let chosen = selected ?? views.first { $0.hasPrice }?.id
            return views.map { CarrierView(id: $0.id, name: $0.name, delay: $0.delay, shipping: $0.shipping, shippingValue: $0.shippingValue, hasPrice: $0.hasPrice, selected: $0.id == chosen) }
        }
    }

    /// Free carriers cost 0; otherwise the shop's first price range for the zone (the shop
    /// chooses the range by the cart's total or weight when it validates the order).
    private func shippingPrice(_ carrier: Carrier, zoneID: Int) async throws -> ShopDecimal? {
        if carrier.isFree == true { return ShopDecimal(0) }
        let prices = try await services.facade.checkout.shippingPrices(carrierID: carrier.id ?? 0, zoneID: zoneID)
        return prices.sorted { ($0.priceRangeID ?? $0.weightRangeID ?? 0) < ($1.priceRangeID ?? $1.weightRangeID ?? 0) }.first?.price
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

    /// Places the order for the session's cart; the session then starts a new cart.
    func placeOrder(addressID: Int, carrierID: Int, payment: PaymentMethod, session: inout ShopSession) async throws -> OrderView {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let cart = try await cartView(session)
        guard let cartID = cart.cartID, !cart.empty else { throw ShopFailure(.conflict, "empty_cart", "The cart is empty: add a product first.") }
        let carriers = try await carriers(addressID: addressID, customerID: customerID)
        guard let carrier = carriers.first(where: { $0.id == carrierID }) else {
            throw ShopFailure.input("carrier", "Carrier \(carrierID) is not offered; choose one of the list.")
        }
        guard let shipping = carrier.shippingValue else { throw ShopFailure.input("carrier", carrier.shipping + " Choose another carrier.") }
        let order = try await run {
            _ = try await services.facade.carts.attach(cartID: cartID, customerID: customerID, addressID: addressID)
            return try await services.facade.checkout.placeOrder(OrderPlacement(
                cartID: cartID, customerID: customerID, deliveryAddressID: addressID, carrierID: carrierID,
                currencyID: settings.currencyID, languageID: settings.languageID, payment: payment,
                totalPaid: cart.totalValue + shipping, totalProducts: cart.totalWithoutTaxValue, totalProductsWithTax: cart.totalValue))
        }
        session.cartID = nil
        return view(order, settings)
    }

    /// An order of the session's customer, read back from the shop.
    func order(_ id: Int, session: ShopSession?) async throws -> OrderView {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let order = try await run { try await services.facade.checkout.placedOrder(id: id) }
        guard order.customerID == customerID else { throw ShopFailure(.notFound, "not_found", "You have no order \(id).") }
        return view(order, settings)
    }

    private func view(_ order: Order, _ settings: ShopSettingsCache.Settings) -> OrderView {
        let total = order.totalPaid ?? ShopDecimal(0)
        return OrderView(
            id: order.id ?? 0, reference: order.reference ?? "", hasReference: !(order.reference ?? "").isEmpty, payment: order.payment ?? order.module ?? "",
            total: ShopPricing.text(total, sign: settings.currencySign), totalValue: total, cartID: order.cartID ?? 0,
            carrierID: order.carrierID ?? 0, addressID: order.addressDeliveryID ?? 0)
    }
}
